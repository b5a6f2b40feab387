#!/usr/bin/env python3
"""The serve benchmark's report (Benchmarks/serve): requests per second, p50 and p99 latency of
each operation on each backend, as a ratio to the bare Hummingbird endpoint and to the node alone
(the devnet, or NodeCache for the "node cached" rows, answering the Safe's batch that bifrost
serve sends it for every request); the checks of every
run (all answers 201, no socket errors, the stored counts read back through the API matching the
answers); and the JSON-RPC round trips per request with the node's share of the time. Prints the
table to stderr and the JSON to stdout; exits 1 when a check failed.

Usage: serve_report.py OUT_DIR   (reads the LABEL.json files Benchmarks/serve writes there)
"""
import json
import statistics
import sys
from pathlib import Path

OPERATIONS = ("proposals", "confirmations")
# Each backend straight to the node, and with the node's answers cached (NodeCache).
# "postgres-two": two processes on one database, each loaded by half of wrk (Benchmarks/serve's backend_two).
BACKENDS = ("sqlite", "sqlite-cached", "postgres", "postgres-cached", "postgres-two")
NAMES = {"sqlite-cached": "sqlite, node cached", "postgres-cached": "postgres, node cached", "postgres-two": "postgres, two processes"}
# The bare endpoint is measured before and after the backends; more apart than this, the machine was busy.
DRIFT = 0.15


def read(out, name):
    path = out / f"{name}.json"
    return json.loads(path.read_text()) if path.exists() else None


def run_problems(run, expected="201"):
    """Why a wrk run is not clean: any answer but `expected`, any socket error."""
    problems = [f"{n} answers {s}" for s, n in sorted(run["statuses"].items()) if s != expected]
    problems += [f"{n} {kind} errors" for kind, n in run["errors"].items() if n]
    if run["requests"] == 0:
        problems.append("no request answered")
    return problems


def stored_problems(out, label, operation, run):
    """The stored count, read through the API before and after, against the answers: every
    distinct request answered 201 must be stored, and nothing beyond the requests made. Proposals
    are counted by the list's count; confirmations on the transactions they went to (the first
    listed, read page by page before and after)."""
    before, after = read(out, f"{label}.before"), read(out, f"{label}.after")
    field = "transactions" if operation == "proposals" else "confirmations"
    stored = after[field] - before[field]
    lowest = run["statuses"].get("201", 0) - run["repeated"]
    problems = []
    if not lowest <= stored <= run["distinct"]:
        problems.append(f"stored {stored} {field}, expected {lowest} to {run['distinct']}")
    if operation == "confirmations" and after["listed"] != before["listed"]:
        problems.append(f"{before['listed']} transactions listed before, {after['listed']} after")
    return stored, problems


def rpc_summary(out, operation):
    sequential, log = read(out, f"rpc-{operation}"), read(out, f"rpc-{operation}.log")
    if not sequential or not log:
        return None
    n = sum(sequential["statuses"].values())
    posts = log["posts"]
    node_ms = statistics.median(log["upstreamMs"]) if log["upstreamMs"] else 0.0
    per_request = len(posts) / n if n else 0
    return {
        "requests": n, "statuses": sequential["statuses"], "roundTripsPerRequest": per_request,
        "batch": posts[0] if posts else None, "medianLatencyMs": sequential["medianMs"], "medianNodeMs": node_ms,
    }


def fmt(x, digits=1):
    return f"{x:,.{digits}f}"


def main(out):
    out = Path(out)
    meta = read(out, "meta")
    failures, warnings, rows = [], [], []
    for operation in OPERATIONS:
        bare = {when: read(out, f"bare-{when}-{operation}") for when in ("before", "after")}
        for when, run in bare.items():
            failures += [f"bare {when}, {operation}: {p}" for p in run_problems(run)]
        limit = max(bare.values(), key=lambda r: r["rps"])
        low, high = sorted(r["rps"] for r in bare.values())
        if high and (high - low) / high > DRIFT:
            warnings.append(f"bare {operation}: {fmt(bare['before']['rps'], 0)} req/s before the backends, "
                            f"{fmt(bare['after']['rps'], 0)} after: a busy machine, trust the ratios less")
        rows.append({"operation": operation, "backend": "bare", "rps": limit["rps"], "p50Ms": limit["p50Ms"],
                     "p99Ms": limit["p99Ms"], "ratio": 1.0, "requests": limit["requests"], "before": bare["before"],
                     "after": bare["after"]})
        for backend in BACKENDS:
            label = f"{backend}-{operation}"
            run = read(out, label)
            if run is None:
                skipped = read(out, f"{backend.removesuffix('-cached').removesuffix('-two')}.skipped")
                rows.append({"operation": operation, "backend": backend, "skipped": skipped["skipped"] if skipped else "not run"})
                continue
            problems = run_problems(run)
            stored, more = stored_problems(out, label, operation, run)
            problems += more
            failures += [f"{backend}, {operation}: {p}" for p in problems]
            if run["repeated"]:
                warnings.append(f"{backend}, {operation}: {run['repeated']} of {run['made']} requests were repeats "
                                f"(idempotent; too few distinct {operation} for this run)")
            rows.append({"operation": operation, "backend": backend, "rps": run["rps"], "p50Ms": run["p50Ms"],
                         "p99Ms": run["p99Ms"], "ratio": run["rps"] / limit["rps"], "requests": run["requests"],
                         "stored": stored, "repeated": run["repeated"], "run": run,
                         "loadavg": read(out, f"{label}.load")["loadavg"]})
    node, node_cached = read(out, "node-batch"), read(out, "node-cached-batch")
    for name, run in (("the node alone", node), ("NodeCache alone", node_cached)):
        if run:
            failures += [f"{name}: {p}" for p in run_problems(run, expected="200")]
    for r in rows:
        reference = node if r["backend"] in ("sqlite", "postgres", "postgres-two") else node_cached
        if "rps" in r and r["backend"] != "bare" and reference:
            r["ratioToNode"] = r["rps"] / reference["rps"]
    rpc = {operation: rpc_summary(out, operation) for operation in OPERATIONS}
    for operation, summary in rpc.items():
        if summary and set(summary["statuses"]) != {"201"}:
            failures.append(f"round trips, {operation}: answers {summary['statuses']}")

    e = sys.stderr
    print(f"bifrost serve under wrk: {meta['threads']} threads, {meta['connections']} connections, "
          f"{meta['duration']} s a run, {meta['cores']} cores ({meta['wrk']})", file=e)
    print("| operation | backend | req/s | p50 ms | p99 ms | ratio to bare | ratio to node | answered | stored |", file=e)
    print("|---|---|---|---|---|---|---|---|---|", file=e)
    for r in rows:
        if "skipped" in r:
            print(f"| {r['operation']} | {NAMES.get(r['backend'], r['backend'])} | skipped: {r['skipped']} | | | | | | |", file=e)
            continue
        stored = fmt(r["stored"], 0) if "stored" in r else "-"
        to_node = f"{r['ratioToNode']:.2f}×" if "ratioToNode" in r else "-"
        print(f"| {r['operation']} | {NAMES.get(r['backend'], r['backend'])} | {fmt(r['rps'])} | {fmt(r['p50Ms'], 2)} | {fmt(r['p99Ms'], 2)} | "
              f"{r['ratio']:.4f}× | {to_node} | {fmt(r['requests'], 0)} | {stored} |", file=e)
    for name, run in (("devnet", node), ("NodeCache", node_cached)):
        if run:
            print(f"| Safe read, the node alone | {name} | {fmt(run['rps'])} | {fmt(run['p50Ms'], 2)} | {fmt(run['p99Ms'], 2)} | "
                  f"- | 1× | {fmt(run['requests'], 0)} | - |", file=e)
    for operation, s in rpc.items():
        if s:
            batch = s["batch"]
            shape = f"a batch of {len(batch)}" if isinstance(batch, list) else batch
            print(f"{operation}, one at a time (bifrost serve on SQLite, through the counting proxy): "
                  f"{s['roundTripsPerRequest']:.2f} JSON-RPC round trips a request ({shape}); the node answers it "
                  f"in {s['medianNodeMs']:.1f} ms (median); the request takes {s['medianLatencyMs']:.1f} ms through "
                  f"the proxy (whose keep-alive answers can wait ~40 ms on Nagle + delayed ACK)", file=e)
    print(f"build {meta['buildSeconds']} s, setup {meta['setupSeconds']} s, measuring {meta['measureSeconds']} s", file=e)
    for w in warnings:
        print(f"warning: {w}", file=e)
    for f in failures:
        print(f"FAIL: {f}", file=e)
    print(json.dumps({"meta": meta, "setup": read(out, "setup"), "rows": rows, "node": node, "nodeCached": node_cached, "rpc": rpc,
                      "warnings": warnings, "failures": failures}, indent=2))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
