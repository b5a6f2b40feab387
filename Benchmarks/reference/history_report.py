#!/usr/bin/env python3
"""The history benchmark's report: each reader's round trips and median wall time, whether it
found exactly the executions the setup made, and Bifrost's ratios against safe-eth-py on the same
path. Prints the table to stderr and the JSON to stdout.

Usage: history_report.py OUT_DIR   (reads rows.jsonl, setup.json and each LABEL.out there)
"""
import json
import sys
from pathlib import Path


def found(label, out):
    """The transaction hashes a reader's output lists, or None when it printed none."""
    try:
        data = json.loads((out / f"{label}.out").read_text())
    except (OSError, ValueError):
        return None
    items = data.get("transactions", data.get("executions", []))
    return sorted(i.get("txHash") or i.get("transactionHash") for i in items)


def main(out):
    out = Path(out)
    setup = json.loads((out / "setup.json").read_text())
    expected = sorted(setup["executions"])
    rows = [json.loads(line) for line in (out / "rows.jsonl").read_text().splitlines() if line.strip()]
    for row in rows:
        got = found(row["label"], out)
        row["complete"] = row["exit"] == 0 and got == expected
        row["found"] = len(got) if got is not None else 0
        if row["exit"] != 0:
            row["error"] = (out / f"{row['label']}.err").read_text().strip()[-300:]
    by = {r["label"]: r for r in rows}

    def ratio(a, b, key):
        if a in by and b in by and by[a]["complete"] and by[b]["complete"] and by[a][key]:
            return round(by[b][key] / by[a][key], 2)
        return None

    ratios = {
        "straight: safe-eth-py ms / bifrost ms": ratio("bifrost-straight", "safe-eth-straight", "medianMs"),
        "capped: safe-eth-py chunked ms / bifrost (told) ms": ratio("bifrost-capped-told", "safe-eth-capped-chunked", "medianMs"),
        "capped: safe-eth-py chunked round trips / bifrost (told)": ratio("bifrost-capped-told", "safe-eth-capped-chunked", "roundTrips"),
        "capped: safe-eth-py chunked ms / bifrost (learning) ms": ratio("bifrost-capped-learning", "safe-eth-capped-chunked", "medianMs"),
    }
    print(f"history of a Safe with {len(expected)} executions, blocks {setup['created']}..{setup['head']}", file=sys.stderr)
    print("| reader | round trips | median ms | found | complete |", file=sys.stderr)
    print("|---|---|---|---|---|", file=sys.stderr)
    for r in rows:
        print(f"| {r['label']} | {r['roundTrips']} | {r['medianMs']} | {r['found']} | {'yes' if r['complete'] else 'NO'} |", file=sys.stderr)
    for name, value in ratios.items():
        print(f"{name}: {value}", file=sys.stderr)
    print(json.dumps({"executions": len(expected), "created": setup["created"], "head": setup["head"], "rows": rows,
                      "ratios": ratios}, indent=2))


if __name__ == "__main__":
    main(sys.argv[1])
