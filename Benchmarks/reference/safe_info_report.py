#!/usr/bin/env python3
"""Reads what `Benchmarks/safe-info` captured and measured, checks each tool's answer against the
chain it set up, prints the side-by-side table and writes it as JSON.

Usage: safe_info_report.py OUT_DIR RESULTS_JSON
OUT_DIR holds setup.json (reference/safe_setup.py), measured.json, bifrost-failed.txt,
versions.json, and for each of bifrost, safecli, safecli-as-shipped and safe-eth the untimed run's
NAME.out, NAME.err, NAME.rc and NAME.log.json (the proxy's log of that run).
Exit status 0, or 2 when Bifrost was not measured.
"""
import json
import os
import re
import sys

from rpc_log import merge_runs

TARGET_TRIPS = 2
TARGET_SPEEDUP = 10.0


def read(out, name, default=""):
    path = os.path.join(out, name)
    if not os.path.exists(path):
        return default
    with open(path, errors="replace") as f:
        return f.read()


def load(out, name, default=None):
    text = read(out, name)
    try:
        return json.loads(text) if text.strip() else default
    except ValueError:
        return default


def summarize(log):
    """'eth_chainId x2, eth_call, [batch: 100 eth_call]' from the proxy's log of one run."""
    parts = []
    for post in (log or {}).get("posts", []):
        if isinstance(post, list):
            kinds = sorted(set(post))
            label = kinds[0] if len(kinds) == 1 else "mixed"
            parts.append(f"[batch: {len(post)} {label}]")
        else:
            parts.append(post)
    return merge_runs(parts)


def contains_value(node, wanted):
    """Whether `wanted` (a decimal string) appears anywhere in a JSON value, as a string or number."""
    if isinstance(node, dict):
        return any(contains_value(v, wanted) for v in node.values())
    if isinstance(node, list):
        return any(contains_value(v, wanted) for v in node)
    if isinstance(node, bool) or node is None:
        return False
    return str(node) == wanted


def find_address(entry):
    if isinstance(entry, dict):
        for key in ("address", "token", "tokenAddress", "contract"):
            value = entry.get(key)
            if isinstance(value, str) and value.startswith("0x"):
                return value.lower()
            if isinstance(value, dict):
                found = find_address(value)
                if found:
                    return found
    return None


def check_info(answer, setup, with_tokens=True):
    """Problems in a JSON answer shaped like `bifrost safe info --json` (also safe_eth_info.py's)."""
    problems = []
    for key in ("address", "version", "owners", "threshold", "nonce", "balance", "modules", "fallbackHandler",
                "guard", "tokens"):
        if key not in answer:
            problems.append(f"no '{key}'")
    if str(answer.get("address", "")).lower() != setup["safe"].lower():
        problems.append(f"address {answer.get('address')}")
    if answer.get("version") != "1.4.1":
        problems.append(f"version {answer.get('version')}")
    if [str(o).lower() for o in answer.get("owners") or []] != [o.lower() for o in setup["owners"]]:
        problems.append(f"owners {answer.get('owners')}")
    if str(answer.get("threshold")) != str(setup["threshold"]):
        problems.append(f"threshold {answer.get('threshold')}")
    if str(answer.get("nonce")) != "0":
        problems.append(f"nonce {answer.get('nonce')}")
    balance = answer.get("balance")
    if not isinstance(balance, dict) or str(balance.get("wei")) != setup["ether"]:
        problems.append(f"balance {balance}")
    if with_tokens:
        tokens = answer.get("tokens") or []
        if len(tokens) != len(setup["tokens"]):
            problems.append(f"{len(tokens)} tokens, expected {len(setup['tokens'])}")
        expected = {a.lower(): b for a, b in zip(setup["tokens"], setup["tokenBalances"])}
        wrong = 0
        for entry in tokens:
            address = find_address(entry)
            if address not in expected or not contains_value(entry, expected[address]):
                wrong += 1
        if wrong:
            problems.append(f"{wrong} token entries without the expected address and balance")
    return problems


def first_json(text):
    for line in text.splitlines()[::-1] + [text]:
        try:
            value = json.loads(line)
            if isinstance(value, dict):
                return value
        except ValueError:
            continue
    return None


def main():
    out, out_path = sys.argv[1], sys.argv[2]
    setup = load(out, "setup.json")
    measured = load(out, "measured.json")
    versions = {p["name"].lower(): p["version"] for p in load(out, "versions.json", [])}
    bifrost_failed = read(out, "bifrost-failed.txt").strip()
    n = measured["tokens"]
    notes = []

    # ---- Bifrost ----
    bifrost = dict(measured["bifrost"], measured=not bifrost_failed)
    if bifrost_failed:
        bifrost["error"] = bifrost_failed
    else:
        answer = first_json(read(out, "bifrost.out"))
        problems = ["stdout is not one JSON object"] if answer is None else check_info(answer, setup)
        bifrost["check"] = "ok" if not problems else "; ".join(problems)
        bifrost["tokenBalancesShown"] = len(answer.get("tokens") or []) if answer else 0
        bifrost["calls"] = summarize(load(out, "bifrost.log.json"))

    # ---- safe-cli, with its outside calls stood in for ----
    text = read(out, "safecli.out")
    safecli = dict(measured["safecli"], version=versions.get("safe-cli"))
    problems = []
    if read(out, "safecli.rc").strip() != "0":
        problems.append(f"exit status {read(out, 'safecli.rc').strip()}: {read(out, 'safecli.err')[-300:]}")
    for needle in [f"Address={setup['safe']}", "Threshold=2", "Nonce=0", "Version=1.4.1", "Balance_ether=12.345"] + \
            setup["owners"]:
        if needle not in text:
            problems.append(f"'{needle}' not shown")
    safecli["check"] = "ok" if not problems else "; ".join(problems)
    # The prompt is redrawn, so the command may be echoed more than once; the answer follows the last echo.
    answers = [a.strip() for a in re.findall(r"> balances[ \t]*\n([^\n]*)", text) if a.strip()]
    answer_line = answers[-1] if answers else ""
    shown = sum(1 for t in setup["tokens"] if t in text)
    safecli["tokenBalancesShown"] = shown
    safecli["balancesCommandAnswer"] = answer_line
    safecli["calls"] = summarize(load(out, "safecli.log.json"))
    safecli["outsideRequests"] = (load(out, "safecli.log.json") or {}).get("external", [])

    # ---- safe-cli exactly as shipped, once ----
    shipped_log = load(out, "safecli-as-shipped.log.json") or {}
    shipped_out = read(out, "safecli-as-shipped.out") + read(out, "safecli-as-shipped.err")
    # The type on the traceback's last line ("ProxyError: HTTPSConnectionPool(host='api.etherscan.io'...").
    exceptions = re.findall(r"^([A-Za-z.]*(?:Error|Exception)): ", shipped_out, re.M)
    as_shipped = {
        "exitStatus": int(read(out, "safecli-as-shipped.rc").strip() or -1),
        "reachedPrompt": "blockchain >" in shipped_out,
        "roundTripsBeforeEnd": len(shipped_log.get("posts", [])),
        "outsideRequests": shipped_log.get("external", []),
        "exception": exceptions[-1] if exceptions else None,
    }

    # ---- safe-eth-py ----
    answer = first_json(read(out, "safe-eth.out"))
    problems = ["stdout is not one JSON object"] if answer is None else check_info(answer, setup)
    safe_eth = dict(measured["safeEth"], version=versions.get("safe-eth-py"),
                    check="ok" if not problems else "; ".join(problems),
                    tokenBalancesShown=len(answer.get("tokens") or []) if answer else 0,
                    calls=summarize(load(out, "safe-eth.log.json")),
                    outsideRequests=(load(out, "safe-eth.log.json") or {}).get("external", []))

    # ---- the table ----
    rows = [
        ("bifrost safe info --json", bifrost),
        (f"safe-cli {safecli['version']} (prompt: info, balances)", safecli),
        (f"safe-eth-py {safe_eth['version']} script", safe_eth),
    ]
    print(f"\nOne Safe: info, ether and {n} ERC-20 balances (median of {measured['runs']} runs, same chain, same proxy)")
    print(f"{'':44} {'round trips':>11} {'wall ms':>9}  {'token balances':>14}  check")
    for label, r in rows:
        if r.get("medianMs") is None:
            print(f"{label:44} {'-':>11} {'-':>9}  {'-':>14}  not measured")
            continue
        print(f"{label:44} {r['roundTrips']:>11} {r['medianMs']:>9}  {str(r['tokenBalancesShown']) + '/' + str(n):>14}  {r['check']}")
    speedups = {}
    if bifrost.get("medianMs") is not None:
        b = max(bifrost["medianMs"], 1)
        speedups = {"safecli": round(safecli["medianMs"] / b, 1), "safeEth": round(safe_eth["medianMs"] / b, 1)}
        trips_met = bifrost["roundTrips"] <= TARGET_TRIPS
        speed_met = min(speedups.values()) >= TARGET_SPEEDUP
        print(f"bifrost is {speedups['safecli']}x faster than safe-cli and {speedups['safeEth']}x faster than the "
              f"safe-eth-py script; targets: <= {TARGET_TRIPS} round trips ({'met' if trips_met else 'MISSED'}), "
              f">= {TARGET_SPEEDUP:.0f}x ({'met' if speed_met else 'MISSED'})")
    else:
        trips_met = speed_met = None
        print(f"BIFROST NOT MEASURED: {bifrost_failed}")
    print()
    print(f"safe-cli's `balances` without a transaction service: \"{safecli['balancesCommandAnswer']}\" "
          f"(no token balance shown; its info shows the ether balance).")
    shipped_desc = ("reached its prompt" if as_shipped["reachedPrompt"]
                    else f"exited with status {as_shipped['exitStatus']} ({as_shipped['exception']}) before its prompt")
    print(f"safe-cli as shipped, with no outside access: {shipped_desc} after "
          f"{as_shipped['roundTripsBeforeEnd']} round trips; outside requests: "
          f"{', '.join(as_shipped['outsideRequests']) or 'none'} (refused by the proxy).")
    print("The timed safe-cli runs stand in Etherscan's chain list (empty) and the latest Safe singleton (the "
          "devnet's): reference/safecli_offline.py.")
    for label, r in rows:
        if r.get("calls"):
            print(f"  {label}: {r['calls']}")

    report = {
        "tokens": n, "runs": measured["runs"], "bifrostBinary": measured["bin"],
        "bifrost": bifrost, "safecli": safecli, "safecliAsShipped": as_shipped, "safeEthPy": safe_eth,
        "speedup": speedups, "targets": {"roundTrips": TARGET_TRIPS, "speedup": TARGET_SPEEDUP,
                                          "roundTripsMet": trips_met, "speedupMet": speed_met},
        "versions": {k: versions.get(k) for k in ("safe-cli", "safe-eth-py", "web3", "typer", "click")},
        "chain": {k: setup[k] for k in ("safe", "singleton", "owners", "threshold", "ether")},
    }
    with open(out_path, "w") as f:
        json.dump(report, f, indent=2)
        f.write("\n")
    print(f"Written to {out_path}")
    sys.exit(2 if bifrost_failed else 0)


if __name__ == "__main__":
    main()
