"""Reads what `Benchmarks/run` measured and prints the side-by-side table; writes it as JSON too.

Usage: report.py WORKDIR OUT_JSON     (exit status 3 when a target is missed)
WORKDIR holds:
  swift/*.jmh.json  ordo-one/benchmark's JMH export of Benchmarks/EthereumKitBenchmarks
  c-before.json     secp256k1_bench --time, run before the Swift benchmarks ...
  c-after.json      ... and again after them: the better fastest batch and the mean median count
  python.json       python_bench.py
  callgrind.json    optional: {"name": instructions per operation} for Bifrost and the C side
  meta.json         machine and run details
"""

import glob
import json
import os
import sys

# The Swift benchmarks and how many operations one of their measurements covers (their
# scalingFactor, or for sign+recover signRecoverBatch, in EthereumKitBenchmarks.swift).
SWIFT = {
    "keccak256 32B": 1000,
    "keccak256 1MiB": 1,
    "sign+recover": 100,
}

MIB = 1 << 20

# (operation, reference key, reference label, kind, target). "limit" rows are the requirement
# (ratio = Bifrost / reference must reach the target); "peer" rows are for scale only.
ROWS = [
    ("sign+recover", "c:sign+recover", "libsecp256k1 0.2 (C, raw API)", "limit", 0.9),
    ("keccak256 32B", "c:keccak256 32B/pycryptodome-c", "pycryptodome C core", "limit", 0.7),
    ("keccak256 32B", "c:keccak256 32B/xkcp-c", "XKCP opt64 C (safe-pysha3)", "limit", 0.7),
    ("keccak256 1MiB", "c:keccak256 1MiB/pycryptodome-c", "pycryptodome C core", "limit", 0.7),
    ("keccak256 1MiB", "c:keccak256 1MiB/xkcp-c", "XKCP opt64 C (safe-pysha3)", "limit", 0.7),
    ("sign+recover", "py:sign+recover/eth-account-coincurve", "eth-account + coincurve (Python)", "peer", None),
    ("sign+recover", "py:sign+recover/eth-account-native", "eth-account, pure-Python keys", "peer", None),
    ("keccak256 32B", "py:keccak256 32B/eth-hash-py", "eth-hash (Python, pycryptodome)", "peer", None),
    ("keccak256 32B", "py:keccak256 32B/pycryptodome-py", "pycryptodome (Python)", "peer", None),
    ("keccak256 32B", "py:keccak256 32B/pysha3-py", "safe-pysha3 (Python)", "peer", None),
    ("keccak256 32B", "py:keccak256 32B/openssl-sha3-py", "hashlib sha3_256 (OpenSSL)*", "peer", None),
    ("keccak256 1MiB", "py:keccak256 1MiB/eth-hash-py", "eth-hash (Python, pycryptodome)", "peer", None),
    ("keccak256 1MiB", "py:keccak256 1MiB/pysha3-py", "safe-pysha3 (Python)", "peer", None),
    ("keccak256 1MiB", "py:keccak256 1MiB/openssl-sha3-py", "hashlib sha3_256 (OpenSSL)*", "peer", None),
]


def load(path, default=None):
    if not os.path.exists(path):
        if default is not None:
            return default
        sys.exit(f"report.py: missing {path}")
    with open(path) as f:
        return json.load(f)


def swift_results(workdir):
    files = glob.glob(os.path.join(workdir, "swift", "*.jmh*"))
    if not files:
        sys.exit("report.py: no JMH export from the Swift benchmarks")
    out = {}
    for path in files:
        for element in load(path):
            name = element["benchmark"].rsplit(".", 1)[-1].replace("_", " ")
            if name not in SWIFT:
                continue
            wall = next(m for k, m in element["secondaryMetrics"].items() if "wall clock" in k.lower())
            assert wall["scoreUnit"] == "μs", wall["scoreUnit"]
            # One measurement covers SWIFT[name] operations; the export is in microseconds.
            median_us = wall["scorePercentiles"]["50.0"]
            best_us = wall["scorePercentiles"]["0.0"]
            ops_per_s = SWIFT[name] / (median_us * 1e-6)
            out[name] = {
                "ops_per_s": ops_per_s,
                "ns_per_op": 1e9 / ops_per_s,
                "best_ops_per_s": SWIFT[name] / (best_us * 1e-6),
                "batch": SWIFT[name],
                "batches": element["measurementIterations"],
            }
    missing = set(SWIFT) - set(out)
    if missing:
        sys.exit(f"report.py: Swift benchmarks missing from the export: {sorted(missing)}")
    return out


def fmt_rate(operation, ops_per_s):
    if operation.endswith("1MiB"):
        return f"{ops_per_s * MIB / 1e6:,.1f} MB/s"
    if ops_per_s >= 1e6:
        return f"{ops_per_s / 1e6:,.2f} M/s"
    if ops_per_s >= 1e4:
        return f"{ops_per_s / 1e3:,.1f} k/s"
    return f"{ops_per_s:,.1f} /s"


def main():
    workdir, out_path = sys.argv[1], sys.argv[2]
    swift = swift_results(workdir)
    c_before = load(os.path.join(workdir, "c-before.json"))
    c_after = load(os.path.join(workdir, "c-after.json"))
    python = load(os.path.join(workdir, "python.json"), {})
    counts = load(os.path.join(workdir, "callgrind.json"), {})
    meta = load(os.path.join(workdir, "meta.json"), {})

    refs = {}
    drift = {}
    for name, before in c_before.items():
        after = c_after.get(name, before)
        mean = (before["ops_per_s"] + after["ops_per_s"]) / 2
        best = max(before["best_ops_per_s"], after["best_ops_per_s"])
        refs["c:" + name] = {"ops_per_s": mean, "ns_per_op": 1e9 / mean, "best_ops_per_s": best}
        drift[name] = abs(before["best_ops_per_s"] - after["best_ops_per_s"]) / best
    for name, value in python.items():
        refs["py:" + name] = value

    rows = []
    for operation, ref_key, label, kind, target in ROWS:
        if ref_key not in refs:
            continue
        b, r = swift[operation]["best_ops_per_s"], refs[ref_key]["best_ops_per_s"]
        ratio = b / r
        median_ratio = swift[operation]["ops_per_s"] / refs[ref_key]["ops_per_s"]
        row = {
            "operation": operation,
            "reference": label,
            "kind": kind,
            "bifrost_ops_per_s": round(b, 3),
            "reference_ops_per_s": round(r, 3),
            "ratio": round(ratio, 3),
            "median_ratio": round(median_ratio, 3),
            "target": target,
            "result": None if target is None else ("PASS" if ratio >= target else "MISS"),
        }
        if operation.endswith("1MiB"):
            row["bifrost_mb_per_s"] = round(b * MIB / 1e6, 2)
            row["reference_mb_per_s"] = round(r * MIB / 1e6, 2)
        if ref_key.startswith("c:"):
            name = ref_key[2:]
            row["reference_drift"] = round(drift[name], 3)
            bi, ri = counts.get("bifrost:" + operation), counts.get("c:" + name)
            if bi and ri:
                row["instructions_per_op"] = {"bifrost": bi, "reference": ri, "ratio": round(ri / bi, 3)}
        rows.append(row)

    # Python's per-call cost on a 32-byte hash: the Python-timed figure minus the same C core's.
    overhead = {}
    for py, c in (("keccak256 32B/pycryptodome-py", "keccak256 32B/pycryptodome-c"),
                  ("keccak256 32B/pysha3-py", "keccak256 32B/xkcp-c")):
        if "py:" + py in refs and "c:" + c in refs:
            overhead[py.split("/")[1]] = round(refs["py:" + py]["ns_per_op"] - refs["c:" + c]["ns_per_op"], 1)

    # ---- the table ----
    headers = ["operation", "reference", "Bifrost", "reference", "ratio", "median", "instr", "target", "result"]
    table = []
    for row in rows:
        instr = row.get("instructions_per_op")
        table.append([
            row["operation"],
            row["reference"],
            fmt_rate(row["operation"], row["bifrost_ops_per_s"]),
            fmt_rate(row["operation"], row["reference_ops_per_s"]),
            f"{row['ratio']:.2f}x",
            f"{row['median_ratio']:.2f}x",
            f"{instr['ratio']:.2f}x" if instr else "",
            f">= {row['target']}x" if row["target"] is not None else "-",
            row["result"] or "",
        ])
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *table)]
    right = {2, 3, 4, 5, 6}

    def line(cells):
        return "  ".join(str(c).rjust(w) if i in right else str(c).ljust(w)
                         for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    print()
    print(line(headers))
    print(line(["-" * w for w in widths]))
    last_kind = None
    for row, cells in zip(rows, table):
        if last_kind == "limit" and row["kind"] == "peer":
            print(line(["-" * w for w in widths]))
        last_kind = row["kind"]
        print(line(cells))
    print()
    print("ratio  = Bifrost ops/s / reference ops/s, each from its fastest batch (the least disturbed by other")
    print("         processes); batches are the same size on both sides. Above 1: Bifrost is faster.")
    print("median = the same ratio from the median batches (C: mean of its runs before and after Bifrost's).")
    print("instr  = reference instructions / Bifrost instructions per operation (valgrind): load-independent.")
    print("* sha3_256 is not Keccak-256 (other padding), same permutation: shown for scale only.")
    if overhead:
        print("Python call overhead per 32-byte hash (Python-timed minus the same C core): "
              + ", ".join(f"{k} {v / 1000:.2f} µs" for k, v in overhead.items()) + ".")
    # On 2 vCPUs that may share a core, another busy process can halve a benchmark's speed for
    # the whole of its run: then its median sits far below its best batch.
    disturbed = [n for n, v in swift.items() if v["best_ops_per_s"] > 1.25 * v["ops_per_s"]]
    if disturbed:
        print(f"NOTE: Bifrost's median batch was over 25% slower than its fastest for {', '.join(disturbed)}:"
              f" another process was competing for the CPU during those measurements; the instruction"
              f" ratios are the steadier guide.")
    noisy = [n for n, d in drift.items() if d > 0.15]
    if noisy:
        print(f"NOTE: the C reference's fastest batch changed by more than 15% between its runs before and"
              f" after Bifrost's ({', '.join(noisy)}): the machine was busy; the instruction ratios are the"
              f" steadier guide.")
    limits = [r for r in rows if r["kind"] == "limit"]
    met = all(r["result"] == "PASS" for r in limits)
    print(f"Targets: {'all met' if met else 'NOT all met'} "
          f"({sum(r['result'] == 'PASS' for r in limits)}/{len(limits)} PASS).")

    report = {
        "meta": meta,
        "targets_met": met,
        "rows": rows,
        "python_call_overhead_ns_32B": overhead,
        "raw": {"bifrost": swift, "c_before": c_before, "c_after": c_after, "python": python,
                "instructions_per_op": counts},
    }
    os.makedirs(os.path.dirname(os.path.abspath(out_path)), exist_ok=True)
    with open(out_path, "w") as f:
        json.dump(report, f, indent=2, ensure_ascii=False)
        f.write("\n")
    print(f"Written to {out_path}")
    # 3 tells `run --strict` that a target was missed.
    sys.exit(0 if met else 3)


if __name__ == "__main__":
    main()
