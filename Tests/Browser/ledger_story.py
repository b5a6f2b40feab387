"""A Ledger key in the dashboard (issue 43), in Chromium on the local chain: a key added with
`bifrost key add-ledger` against the stand-in of the Ethereum app (Tests/Ledger/ethereum_app_double.py,
speculos's APDU protocol on loopback) is offered in the Sign and Execute pickers, marked Ledger, with
the password left empty and the reminder to confirm on the device; Sign and Execute by clicks reach
the device (an EIP-712 hashed signature, then a transaction) and the Safe executes on chain.
"""

import json
import os
import subprocess
import sys

from playwright.sync_api import expect, sync_playwright

from story_support import *  # noqa: F401,F403 (the stories' shared setup and helpers)

HW = ACCOUNTS[7]


def start_device(log):
    double = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Ledger", "ethereum_app_double.py")
    process = subprocess.Popen([sys.argv[4], double, "--port", "0", "--log", log], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    servers.append(process)
    return f"tcp:127.0.0.1:{process.stdout.readline().split()[-1]}"


def main():
    home = new_home("ledger")
    log = os.path.join(home, "apdus.log")
    place = start_device(log)
    added = json.loads(cli(home, "--ledger", place, "key", "add-ledger", "--name", "hw", "--index", "7", "--json"))
    check(added["address"] == HW["address"] and added["kind"] == "ledger", "key add-ledger records the device's address at index 7, kind ledger")
    import_cli_key(home, "alice", ALICE)
    safe = create_safe(home, "alice", [HW["address"]], 1, 43700 + RUN_SALT)
    proposed = json.loads(cli(home, "safe", "propose", safe, "--to", BOB["address"], "--value", "0", "--json"))
    safe_tx_hash = proposed["safeTxHash"]
    link = start_dashboard(home, "--ledger", place)
    with sync_playwright() as p:
        page = browser_page(p, "ledger")
        page.goto(link)
        page.goto(link.split("?")[0] + "tx/" + safe_tx_hash)
        sign = page.locator("#sign")
        expect(sign.locator("option", has_text="hw")).to_contain_text("Ledger")
        expect(sign.locator("#ledger-note")).to_contain_text("confirm on your Ledger")
        shot(page, "ledger-01-picker")
        sign.get_by_role("button", name="Sign").click()
        expect(page.locator("#status")).to_have_text("ready to execute", timeout=30_000)
        settled(page)
        check(any(line.startswith("e00c") for line in open(log)), "Sign by clicks asked the device for an EIP-712 hashed signature")
        page.locator("#sign form").filter(has=page.get_by_role("button", name="Execute")).locator("select").select_option("hw")
        page.get_by_role("button", name="Execute").click()
        expect(page.locator("#status")).to_have_text("executed", timeout=60_000)
        settled(page)
        shot(page, "ledger-02-executed")
        check(any(line.startswith("e004") for line in open(log)), "Execute by clicks had the device sign the transaction")
        info = json.loads(cli(home, "safe", "info", safe, "--json"))
        check(str(info["nonce"]) == "1", "the Safe's nonce is 1 on chain")


finish(main)
