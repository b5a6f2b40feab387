"""Issue 41, finding 3: the history is thin.

A Safe receives ether and a token from outside, executes a transfer from this home, has an owner
swap executed from another home (another BIFROST_HOME), and a module it enabled sends ether. The
home's history shows day headings with dates, the incoming ether and token with amounts in units,
the module's execution, and the swap decoded (not a bare hash) with a working link to its page;
an executed transaction's page shows its Ethereum hash, block, time, fee and executor, and no
pre-execution simulation or after-state.

Run: .venv-browser/bin/python Tests/Browser/history_story.py BIN DEPLOYMENTS SHOTS DEVNET_PYTHON
(BIFROST_STORY_PARTS=3a, 3b or 3c runs one part.)
"""

import datetime
import json
import os
import re
import subprocess

from playwright.sync_api import sync_playwright, expect

from story_support import (part, ALICE, BOB, CAROL, DAVE, ACCOUNTS, DEVNET_PYTHON, RPC, deployments, new_home, import_cli_key, create_safe,
                           start_dashboard, browser_page, check, settled, shot, cli, finish)

ERIN = ACCOUNTS[3]  # the module: an account the Safe enables, which then sends through it
TOKEN = deployments["contracts"]["testToken"]


def module_send(safe, module, to, wei):
    """The module (a plain account) calls the Safe's execTransactionFromModule: a transfer of `wei` to `to`."""
    script = f"""
import sys
sys.path.insert(0, {os.path.abspath('scripts')!r})
from eth_abi import encode
from eth_account import Account
from devnet_lib.deploy import selector, CHAIN_ID
from devnet_lib.rpc_client import RpcClient
client = RpcClient({RPC!r})
key = {module["privateKey"]!r}
sender = Account.from_key(key).address
data = selector("execTransactionFromModule(address,uint256,bytes,uint8)") + encode(["address", "uint256", "bytes", "uint8"], [{to!r}, {wei}, b"", 0])
base = int(client.call("eth_getBlockByNumber", "latest", False)["baseFeePerGas"], 16)
tip = int(client.call("eth_maxPriorityFeePerGas"), 16)
tx = {{"type": 2, "chainId": CHAIN_ID, "nonce": int(client.call("eth_getTransactionCount", sender, "latest"), 16), "gas": 200000,
      "maxFeePerGas": 2 * base + tip, "maxPriorityFeePerGas": tip, "to": {safe!r}, "value": 0, "data": data}}
signed = Account.sign_transaction(tx, key)
h = client.call("eth_sendRawTransaction", "0x" + signed.raw_transaction.hex())
receipt = client.call("eth_getTransactionReceipt", h)
assert receipt and receipt["status"] == "0x1", receipt
print(h)
"""
    out = subprocess.run([DEVNET_PYTHON, "-c", script], capture_output=True, text=True)
    if out.returncode != 0:
        raise AssertionError("the module's call failed: " + out.stderr[-800:])
    return out.stdout.strip().splitlines()[-1]


def propose_sign_execute(home, key, safe, *args):
    proposed = json.loads(cli(home, "safe", "propose", safe, *args, "--json"))
    tx_hash = proposed["safeTxHash"]
    cli(home, "safe", "sign", tx_hash, "--key", key)
    cli(home, "safe", "execute", tx_hash, "--key", key, "--wait")
    return tx_hash


def setup():
    home = new_home("history-a")
    import_cli_key(home, "alice", ALICE)
    safe = None
    for salt in range(41300, 41400):  # this area's salts; a rerun on one chain takes the next free one
        try:
            safe = create_safe(home, "alice", [ALICE["address"], BOB["address"], CAROL["address"]], 1, salt)
            break
        except AssertionError as error:
            if "already exists" not in str(error):
                raise
    check(safe is not None, f"a Safe deployed: {safe}")
    cli(home, "address-book", "add", ALICE["address"], "Alice")
    # From outside: 1 ETH came with the creation; a token transfer from Alice.
    cli(home, "send", "--key", "alice", "--to", safe, "--token", TOKEN, "--amount", "250.5", "--wait")
    # From this home: a transfer to Dave, and enabling a module.
    transfer = propose_sign_execute(home, "alice", safe, "--to", DAVE["address"], "--value", "0.1ether")
    propose_sign_execute(home, "alice", safe, "--to", safe, "--sig", "enableModule(address module)", "--arg", ERIN["address"])
    # From another machine: Bob's home swaps Carol for Dave; this home never sees the transaction.
    other = new_home("history-b")
    import_cli_key(other, "bob", BOB)
    cli(other, "safe", "add", safe)
    swap = propose_sign_execute(other, "bob", safe, "--swap-owner", CAROL["address"], "--with", DAVE["address"])
    module_send(safe, ERIN, CAROL["address"], 5 * 10**16)
    return home, safe, transfer, swap


def history_home(b, safe, swap):
    print("(3a) the home's history: by day, incoming ether and tokens in units, the module, every execution decoded")
    history = b.locator("#history")
    today = datetime.datetime.now(datetime.timezone.utc).strftime("%A %-d %B %Y")
    expect(history.locator("h3").first).to_have_text(today, timeout=20_000)
    check(True, f"a day heading with the date: {today}")
    incoming = history.locator(".history-item[data-kind=in]")
    expect(incoming.filter(has_text="Received 1 ETH")).to_have_count(1)
    expect(incoming.filter(has_text="Received 250.5 BTT")).to_have_count(1)
    expect(incoming.filter(has_text="250.5 BTT")).to_contain_text("Alice")
    check(True, "the incoming ether and token show in units, with their sender")
    expect(history.locator(".history-item[data-kind=module]")).to_contain_text("0.05 ETH")
    check(True, "the module's execution shows with what it ran")
    swap_line = history.locator(".history-item[data-kind=multisig]").filter(has_text="swapOwner")
    expect(swap_line).to_have_count(1)
    check(swap not in swap_line.inner_text(), "the swap from another home is decoded, not a bare hash")
    expect(swap_line.get_by_role("link")).to_have_attribute("href", f"/tx/{swap}")
    check(True, "the swap's line links to its page")
    expect(history.locator(".history-item[data-kind=multisig]")).to_have_count(3)
    expect(history.locator(".history-item .history-time").first).to_have_text(re.compile(r"^\d\d:\d\d UTC$"))
    check(True, "three executions by the owners, each with its time")
    shot(b, "history-01-home")


def swap_page(b, base, swap):
    print("(3b) the swap executed from another home opens on its own page, with its execution")
    b.goto(f"{base}/tx/{swap}")
    expect(b.locator("#status")).to_have_text("executed")
    expect(b.locator("#execution-hash")).to_have_text(re.compile(r"^0x[0-9a-f]{64}$"), timeout=20_000)
    expect(b.locator("#execution-executor")).to_contain_text(BOB["address"][:6])
    check(True, "the swap's page opens, executed by Bob's key")
    shot(b, "history-02-swap")


def executed_page(b, base, transfer):
    print("(3c) an executed transaction's page: hash, block, time, fee and executor, no pre-execution review")
    b.goto(f"{base}/tx/{transfer}")
    expect(b.locator("#status")).to_have_text("executed")
    expect(b.locator("#execution-hash")).to_have_text(re.compile(r"^0x[0-9a-f]{64}$"), timeout=20_000)
    expect(b.locator("#execution-block")).to_have_text(re.compile(r"^\d+$"))
    expect(b.locator("#execution-time")).to_contain_text(" UTC")
    expect(b.locator("#execution-fee")).to_have_text(re.compile(r"^0\.\d+ ETH"))
    expect(b.locator("#execution-executor")).to_contain_text(ALICE["address"][:6])
    check(True, "the transfer's page shows its Ethereum hash, block, time, fee and executor")
    settled(b)
    b.wait_for_timeout(1500)  # the review, were it still shown, arrives over the live updates
    expect(b.locator("body")).not_to_contain_text("Simulation as the Safe")
    check(b.locator("#after").count() == 0, "no simulation or after-state on an executed transaction's page")
    shot(b, "history-03-executed")


def main():
    home, safe, transfer, swap = setup()
    link = start_dashboard(home)
    with sync_playwright() as p:
        b = browser_page(p, "history")
        b.goto(link)
        expect(b.locator("h1")).to_have_text("Safes")
        base = link.split("?")[0].rstrip("/")
        b.goto(f"{base}/safes/{safe}")
        # BIFROST_STORY_PARTS=3a|3b|3c runs one part, to show each failing on its own against an older binary.
        part("3a", history_home, b, safe, swap)
        part("3b", swap_page, b, base, swap)
        part("3c", executed_page, b, base, transfer)


finish(main)
