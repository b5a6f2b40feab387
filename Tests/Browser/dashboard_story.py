"""Real-browser tests of `bifrost dashboard`, driven by Playwright in Debian's headless Chromium.

Run by scripts/browser-test (from scripts/test) against the shared local chain:
  (a) the 2-of-3 story by clicks across two homes with two dashboards: import the keys, deploy,
      propose, sign, export, import, sign, execute; then the balance, nonce and history change;
  (b) a CLI process in the same home proposes, and the open page shows it without a reload;
  (c) a token whose name and symbol are markup and script shows as text and runs nothing;
  (d) requests without the token, with a foreign Host, and a POST without the CSRF token are refused;
  (e) no page logs a console error;
  (f) a screenshot of every screen is written for review;
  (i) a dashboard pointed at `bifrost serve` shows a proposal made elsewhere in its queue, and the
      signature made by clicks reaches the server; a message proposed elsewhere appears on the open
      page by itself (the server's event stream).
"""

import csv
import http.client
import json
import os
import signal
import re
import subprocess
import sys
import tempfile
import time
import urllib.parse

from playwright.sync_api import expect, sync_playwright

from story_support import *  # noqa: F401,F403 (the stories' shared setup and helpers)
import story_support

XSS_NAME = "<img src=x onerror=alert(1)>"
XSS_SYMBOL = "<script>alert(2)</script>"

def deploy_hostile_token(holder):
    script = f"""
import sys
sys.path.insert(0, {os.path.abspath('scripts')!r})
from eth_abi import encode
from devnet_lib import accounts, artifacts, deploy
from devnet_lib.rpc_client import RpcClient
_, code, _ = artifacts.load(artifacts.TEST_TOKEN)
args = encode(["string", "string", "uint8", "address", "uint256"], [{XSS_NAME!r}, {XSS_SYMBOL!r}, 18, {holder!r}, 7 * 10**18])
print(deploy.deploy(RpcClient({RPC!r}), accounts.deployer(), code + args, 'hostileToken'))
"""
    out = subprocess.run([DEVNET_PYTHON, "-c", script], capture_output=True, text=True)
    if out.returncode != 0:
        raise AssertionError("token deployment failed: " + out.stderr[-800:])
    return out.stdout.strip().splitlines()[-1]


def deploy_slot0_writer(installed):
    """Deploys the February 2025 shape: runtime code that writes `installed` into slot 0 of whoever
    delegatecalls it (PUSH20 installed, PUSH1 0, SSTORE, STOP)."""
    runtime = "73" + installed[2:].lower() + "60005500"
    init = "60" + format(len(runtime) // 2, "02x") + "80600b6000396000f3" + runtime
    script = f"""
import sys
sys.path.insert(0, {os.path.abspath('scripts')!r})
from devnet_lib import accounts, deploy
from devnet_lib.rpc_client import RpcClient
print(deploy.deploy(RpcClient({RPC!r}), accounts.deployer(), bytes.fromhex({init!r}), 'slot0Writer'))
"""
    out = subprocess.run([DEVNET_PYTHON, "-c", script], capture_output=True, text=True)
    if out.returncode != 0:
        raise AssertionError("slot-0 writer deployment failed: " + out.stderr[-800:])
    return out.stdout.strip().splitlines()[-1]


def start_serve(home):
    process = subprocess.Popen([BIN, "serve", "--network", "devnet", "--listen", "127.0.0.1:0", "--follow-interval", "0"],
                               env=home_env(home), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    servers.append(process)
    first = process.stdout.readline().strip()
    found = re.search(r"http://127\.0\.0\.1:[0-9]+", first)
    check(found is not None, f"bifrost serve says where it is: {first[:60]}")
    return found.group(0)


def service_story(browser, home_a, home_b, safe):
    """(i) Alice proposes through `bifrost serve` from the CLI; Bob's dashboard, pointed at the
    server, shows it, signs it by clicks and sends the signature back."""
    url = start_serve(home_a)
    proposed = json.loads(cli(home_a, "safe", "propose", safe, "--to", DAVE["address"], "--value", "0.02ether", "--json"))
    tx_hash = proposed["safeTxHash"]
    cli(home_a, "safe", "sign", tx_hash, "--key", "alice")
    cli(home_a, "safe", "service", "propose", tx_hash, "--service-url", url)
    link = start_dashboard(home_b, "--service-url", url)
    c = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    watch(c, "C")
    c.goto(link)
    c.goto(link.split("?")[0] + "safes/" + safe)
    expect(c.locator("#service-note")).to_contain_text("pending at 127.0.0.1")
    expect(c.locator(f"#queue tr[data-tx='{tx_hash}']")).to_have_count(1)
    check(True, "the proposal made through the server is in Bob's queue")
    # The first merge writes to the home, which may echo back as one reload; after that, nothing.
    time.sleep(1.0)
    renders = c.locator("body").get_attribute("data-renders")
    time.sleep(1.5)
    check(c.locator("body").get_attribute("data-renders") == renders, "an idle page merging the service's queue does not keep reloading itself")
    c.locator(f"#queue tr[data-tx='{tx_hash}'] a.button").first.click()
    # Earlier nonces of this Safe may still wait in the queue: the status then says which one.
    expect(c.locator("#status")).to_have_text(re.compile(r"^1 of 2 confirmed( · waits for nonce \d+)?$"))
    c.get_by_label("Password").first.fill(PASSWORD)
    c.get_by_role("button", name="Sign").click()
    expect(c.locator("#status")).to_have_text(re.compile(r"^(ready to execute|confirmed · waits for nonce \d+)$"))
    settled(c)
    c.get_by_role("button", name="Send to the service").click()
    expect(c.locator("#shared")).to_contain_text("2 signatures")
    shot(c, "16-shared-with-service")
    parsed = urllib.parse.urlparse(url)
    connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=10)
    connection.request("GET", f"/api/v2/multisig-transactions/{tx_hash}/")
    served = json.loads(connection.getresponse().read())
    owners = sorted(c["owner"] for c in served["confirmations"])
    check(owners == sorted([ALICE["address"], BOB["address"]]), f"the server holds both confirmations: {owners}")

    # A message Alice proposes from the CLI through the server reaches Bob's open Safe page by
    # itself, verified: the dashboard follows the server's /api/v1/events and reloads the page.
    c.goto(link.split("?")[0] + "safes/" + safe)
    expect(c.locator("#service-note")).to_contain_text("pending at 127.0.0.1")
    c.evaluate("window.bifrostStayed = true")
    text = "Vote: yes on proposal " + os.urandom(4).hex()
    message_hash = json.loads(cli(home_a, "safe", "message", "propose", safe, "--text", text, "--key", "alice", "--service-url", url, "--json"))["messageHash"]
    row = c.locator(f"#messages tr[data-message='{message_hash}']")
    expect(row).to_contain_text("1 of 2", timeout=15_000)
    check(c.evaluate("window.bifrostStayed === true"), "the message Alice proposed through the server appeared on Bob's open page without a navigation")
    row.locator("a").click()
    c.locator("#sign").get_by_label("Password").fill(PASSWORD)
    c.locator("#sign").get_by_role("button", name="Sign").click()
    expect(c.locator("#standing")).to_have_text("2 of 2 signed", timeout=10_000)
    settled(c)
    c.locator("#share").get_by_role("button", name="Send to the service").click()
    expect(c.locator("#shared")).to_contain_text("2 signatures")
    settled(c)
    connection.request("GET", f"/api/v1/messages/{message_hash}/")
    served = json.loads(connection.getresponse().read())
    check(served["message"] == text and len(served["confirmations"]) == 2 and served["preparedSignature"] == c.locator("#final-signature").inner_text(),
          "a message proposed through the server from the CLI, signed in Bob's dashboard and sent back: the server's prepared signature is the page's")
    c.locator("#final").get_by_role("button", name="Ask the Safe on chain").click()
    expect(c.locator("#verdict")).to_have_attribute("data-valid", "true", timeout=10_000)
    shot(c, "20-message-through-service")
    c.close()


def main():
    home_a, home_b = os.path.join(work, "a"), os.path.join(work, "b")
    for home in (home_a, home_b):
        cli(home, "network", "add", "devnet", "--rpc-url", RPC, "--deployments", DEPLOYMENTS)
    link_a, link_b = start_dashboard(home_a), start_dashboard(home_b)
    port_a = int(urllib.parse.urlparse(link_a).port)

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        a = browser.new_context(accept_downloads=True, viewport={"width": 1280, "height": 900}).new_page()
        b = browser.new_context(accept_downloads=True, viewport={"width": 1280, "height": 900}).new_page()
        watch(a, "A")
        watch(b, "B")

        print("(a) the 2-of-3 story by clicks")
        import_key(a, link_a, "alice", ALICE["privateKey"])
        shot(a, "03-safe-list-empty")
        a.goto(link_a.split("?")[0] + "onboarding")
        a.get_by_role("button", name="Deploy a new Safe").click()
        a.get_by_label("Owners").fill("\n".join(x["address"] for x in (ALICE, BOB, CAROL)))
        a.get_by_label("Threshold").fill("2")
        a.get_by_label("Password").fill(PASSWORD)
        shot(a, "04-deploy-safe")
        a.get_by_role("button", name="Deploy").click()
        row = a.locator("tr[data-safe]")
        expect(row).to_have_count(1, timeout=60_000)
        safe = row.get_attribute("data-safe")
        check(safe.startswith("0x") and len(safe) == 42, f"the deployed Safe is listed: {safe}")

        # Funding comes from outside the Safe: the CLI sends ether, and the hostile token is minted to it.
        cli(home_a, "send", "--key", "alice", "--to", safe, "--value", "1ether", "--wait")
        token = deploy_hostile_token(safe)
        cli(home_a, "token", "add", token)
        a.reload()
        expect(a.locator("tr[data-safe] td").nth(3)).to_contain_text("1 ETH", timeout=10_000)
        shot(a, "05-safe-list")

        a.locator("tr[data-safe] a").first.click()
        expect(a.locator("#balance")).to_have_text("1 ETH")
        expect(a.locator("#nonce")).to_have_text("0")
        expect(a.locator("#threshold")).to_have_text("2 of 3")
        print("(c) a hostile token shows as text and runs nothing")
        assets = a.locator("#assets")
        expect(assets).to_contain_text(XSS_SYMBOL)
        check(a.locator("#assets script").count() == 0 and a.locator("#assets img").count() == 0, "no element came from the token's symbol")
        a.locator(f"#assets tr[data-token='{token}']").get_by_role("button", name="Hide").click()
        expect(a.locator(f"#assets tr[data-token='{token}']")).to_have_count(0)
        expect(a.locator("#hidden-tokens")).to_contain_text(XSS_SYMBOL)
        settled(a)
        a.locator("#hidden-tokens").get_by_role("button", name="Unhide").click()
        expect(a.locator(f"#assets tr[data-token='{token}']")).to_have_count(1)
        settled(a)
        check(a.locator("#hidden-tokens").count() == 0, "the token hidden and shown again by clicks")
        shot(a, "06-safe-home")

        a.get_by_role("link", name="New transaction").click()
        a.get_by_label("Recipient").fill(DAVE["address"])
        a.get_by_label("Amount").fill("0.25")
        shot(a, "07-new-transaction")
        a.get_by_role("button", name="Review").click()
        expect(a.locator("#review")).to_contain_text("send 0.25 ETH")
        settled(a)
        safe_tx_hash = a.locator("#safe-tx-hash").inner_text()
        check(len(safe_tx_hash) == 66, f"the review shows the safeTxHash {safe_tx_hash[:12]}…")
        shot(a, "08-review")
        a.get_by_label("Password").fill(PASSWORD)
        # Signing the reviewed draft proposes it, signed ("Propose without signing" is the other button).
        a.get_by_role("button", name="Sign", exact=True).click()
        expect(a.locator(".notice")).to_contain_text("1 of 2")
        settled(a)
        a.get_by_role("link", name="Open the transaction").click()
        expect(a.locator("#status")).to_have_text("1 of 2 confirmed")
        a.get_by_role("button", name="Export file").click()
        with a.expect_download() as download:
            a.locator("#download").click()
        exported = os.path.join(work, "signed-by-alice.json")
        download.value.save_as(exported)
        check(json.load(open(exported)) is not None, "the exported file is JSON")
        shot(a, "09-transaction")

        print("(b) a CLI process in the same home; the open page updates without a reload")
        a.goto(link_a.split("?")[0] + "safes/" + safe)
        expect(a.locator("#queue tr[data-tx]")).to_have_count(1)
        renders_before = a.locator("body").get_attribute("data-renders")
        started = time.monotonic()
        cli(home_a, "safe", "propose", safe, "--to", DAVE["address"], "--value", "0.01ether")
        expect(a.locator("#queue tr[data-tx]")).to_have_count(2, timeout=2_000)
        latency = time.monotonic() - started
        check(a.locator("body").get_attribute("data-renders") != renders_before, "the update came over the live stream, not a reload")
        print(f"  live update after the CLI's proposal: {latency * 1000:.0f} ms (CLI run included)")

        import_key(b, link_b, "bob", BOB["privateKey"])
        b.get_by_label("Safe address").fill(safe)
        b.get_by_label("Name (optional)").fill("team")
        b.get_by_role("button", name="Add Safe").click()
        expect(b.locator("tr[data-safe]")).to_have_count(1)
        settled(b)
        b.locator("tr[data-safe] a").first.click()
        expect(b.locator("#queue")).to_contain_text("Nothing waiting")
        # The page may still be re-rendering after adding the Safe (a live update replaces the
        # form, and the file or the click with it); pick the file and import again until the
        # notice says so, as a user would. An import is idempotent: the signatures merge.
        for attempt in range(4):
            for _ in range(5):
                b.locator("#import input[type=file]").set_input_files(exported)
                try:
                    expect(b.locator("#import-file")).not_to_have_value("", timeout=2_000)
                    break
                except AssertionError:
                    continue
            b.get_by_role("button", name="Import", exact=True).click()
            try:
                expect(b.locator(".notice")).to_contain_text("1 of 2", timeout=5_000)
                break
            except AssertionError:
                if attempt == 3:
                    raise
        expect(b.locator(".notice")).to_contain_text("1 of 2")
        settled(b)
        b.locator(f"#queue tr[data-tx='{safe_tx_hash}'] a.button").first.click()
        expect(b.locator("#status")).to_have_text("1 of 2 confirmed")
        b.get_by_label("Password").first.fill(PASSWORD)
        b.get_by_role("button", name="Sign").click()
        expect(b.locator("#status")).to_have_text("ready to execute")
        settled(b)
        # Every key of Bob's has signed, so the Execute form is the one left under #sign.
        b.locator("#sign form").filter(has=b.get_by_role("button", name="Execute")).get_by_label("Password").fill(PASSWORD)
        b.get_by_role("button", name="Execute").click()
        expect(b.locator("#status")).to_have_text("executed", timeout=60_000)
        settled(b)
        shot(b, "10-executed")
        b.get_by_role("link", name="← team").click()
        expect(b.locator("#balance")).to_have_text("0.75 ETH")
        expect(b.locator("#nonce")).to_have_text("1")
        expect(b.locator("#history .history-item[data-kind=multisig]")).to_have_count(1)
        expect(b.locator("#history")).to_contain_text("success")
        shot(b, "11-history")
        check(True, "executed by clicks: balance 0.75 ETH, nonce 1, one history row")

        print("(g) other kinds: a batch reviewed call by call and simulated, then rejected")
        a.goto(link_a.split("?")[0] + "safes/" + safe + "/new")
        a.get_by_role("button", name="Batch of ETH transfers").click()
        a.get_by_label("Transfers").fill(f"{DAVE['address']} 0.1\n{CAROL['address']} 0.05")
        a.get_by_role("button", name="Review").click()
        expect(a.locator("#decoded .inner-calls > li")).to_have_count(2)
        expect(a.locator("#simulation")).to_contain_text("succeeds", timeout=10_000)
        settled(a)
        check(a.locator("#decoded .warning").count() == 0, "a batch through the network's MultiSendCallOnly: 2 calls decoded, no warning")
        shot(a, "14-batch-review")
        batch_hash = a.locator("#safe-tx-hash").inner_text()
        # The review is a draft: it is stored once proposed.
        a.get_by_role("button", name="Propose without signing").click()
        expect(a.locator("#proposed")).to_contain_text("Proposed without signing")
        settled(a)
        a.goto(link_a.split("?")[0] + "tx/" + batch_hash)
        a.get_by_role("button", name="Reject").click()
        expect(a.locator("#rejection")).to_contain_text("Rejection proposed")
        settled(a)
        a.locator("#rejection a").click()
        expect(a.locator("h1")).to_contain_text("rejection")
        shot(a, "15-rejection")
        check(True, "the rejection is an empty transaction at the batch's nonce, ready to sign")
        a.goto(link_a.split("?")[0] + "tx/" + batch_hash)
        expect(a.locator("#effect [data-kind='balance']")).to_have_count(3, timeout=10_000)
        expect(a.locator("#effect")).to_contain_text(f"{DAVE['address']}'s balance changes by +0.1 ETH")
        check(True, "the batch's page shows the Safe after it: the Safe's loss and each recipient's gain")
        expect(a.locator("#events [data-event='executionSuccess']")).to_contain_text(batch_hash, timeout=10_000)
        check(a.locator("#events[data-outcome='events'] li[data-event='other']").count() == 0,
              "the batch's page lists the events its execution would emit, its own ExecutionSuccess among them, none undecoded")

        print("(l) a CSV sheet typed in, and a Transaction Builder file loaded from disk, each reviewed as one batch")
        a.goto(link_a.split("?")[0] + "safes/" + safe + "/new")
        a.get_by_role("button", name="Transfers from a CSV sheet").click()
        a.locator("#sheet").fill(f"token_type,token_address,receiver,amount,id\nnative,,{DAVE['address']},0.01,\nnative,,{CAROL['address']},0.02,")
        a.get_by_role("button", name="Review").click()
        expect(a.locator("#review")).to_contain_text("2 transfers through MultiSend")
        expect(a.locator("#decoded .inner-calls > li")).to_have_count(2)
        check(True, "a CSV sheet reviews as one batch of 2 transfers, each decoded")
        builder = os.path.join(work, "builder.json")
        exported = json.loads(cli(home_a, "safe", "export-batch", batch_hash, "--out", builder, "--json"))
        check(exported["transactions"] == 2 and exported["checksum"].startswith("0x"), "the batch exports as a Transaction Builder file with its checksum")
        a.goto(link_a.split("?")[0] + "safes/" + safe + "/new")
        a.get_by_role("button", name="Batch of ETH transfers").click()
        for _ in range(5):
            a.locator("input[type=file][data-into=batch]").set_input_files(builder)
            try:
                expect(a.locator("#batch")).not_to_have_value("", timeout=2_000)
                break
            except AssertionError:
                continue
        a.get_by_role("button", name="Review").click()
        expect(a.locator("#review")).to_contain_text("batch of 2 calls through MultiSend")
        shot(a, "21-builder-file-review")
        check(True, "the Transaction Builder file loaded from disk reviews as the same 2-call batch")

        print("(m) names from the address book next to addresses; a contract call from an ABI, field by field; the history as CSV")
        cli(home_a, "address-book", "add", DAVE["address"], "Dave <b>payroll</b>")
        named = json.loads(cli(home_a, "safe", "propose", safe, "--to", DAVE["address"], "--value", "0.003ether", "--json"))
        a.goto(link_a.split("?")[0] + "safes/" + safe)
        row = a.locator(f"#queue tr[data-tx='{named['safeTxHash']}']")
        expect(row).to_contain_text(f"{DAVE['address']} (Dave <b>payroll</b>)", timeout=10_000)
        check(a.locator("#queue b").count() == 0, "the book's name shows as text in the queue, its markup inert")
        expect(a.locator("section:has(h2:text-is('Owners'))")).to_contain_text("key alice")
        check(True, "an owner shows by its key's name")
        abi = [{"type": "function", "name": "stake", "stateMutability": "nonpayable",
                "inputs": [{"name": "amount", "type": "uint256"}, {"name": "to", "type": "address"}]},
               {"type": "function", "name": "place", "stateMutability": "nonpayable",
                "inputs": [{"name": "order", "type": "tuple", "components": [{"name": "price", "type": "uint256"}, {"name": "maker", "type": "address"}]},
                           {"name": "ids", "type": "uint256[]"}]},
               {"type": "function", "name": "balanceOf", "stateMutability": "view", "inputs": [{"name": "", "type": "address"}]}]
        a.goto(link_a.split("?")[0] + "safes/" + safe + "/new")
        a.get_by_role("button", name="Contract call").click()
        a.get_by_label("Contract").fill(token)
        a.locator("#abi").fill(json.dumps(abi))
        a.get_by_role("button", name="Read the ABI").click()
        expect(a.locator("#function option")).to_have_count(2, timeout=10_000)
        options = a.locator("#function option").all_inner_texts()
        check(options == ["stake(uint256 amount, address to)", "place((uint256,address) order, uint256[] ids)"], f"the callable functions are offered: {options}")
        a.locator("#function").select_option("place((uint256,address),uint256[])")
        # The fields follow the picker in the page.
        expect(a.locator("input[data-argument]")).to_have_count(2)
        expect(a.locator("input[data-argument='order']")).to_have_count(1)
        a.locator("input[data-argument='order']").fill(f"(1.5ether, {DAVE['address']})")
        a.locator("input[data-argument='ids']").fill("[7, 8, 9]")
        shot(a, "22-contract-call")
        a.get_by_role("button", name="Review").click()
        expect(a.locator("#review")).to_contain_text("place(order: (1500000000000000000, " + DAVE["address"] + " (Dave <b>payroll</b>)), ids: [7, 8, 9])", timeout=10_000)
        expect(a.locator("#decoded table.arguments th")).to_have_text(["order", "ids"])
        expect(a.locator("#decoded table.arguments")).to_contain_text("(Dave <b>payroll</b>)")
        check(True, "a contract call with a tuple and an array, typed field by field, reviews decoded with the ABI's names and the book's")
        a.goto(link_a.split("?")[0] + "safes/" + safe)
        a.get_by_role("button", name="Export history as CSV").click()
        with a.expect_download() as download:
            a.locator("#ledger-download").click()
        ledger_file = os.path.join(work, "history.csv")
        download.value.save_as(ledger_file)
        with open(ledger_file, newline="") as f:
            ledger = list(csv.DictReader(f))
        funding = [r for r in ledger if r["direction"] == "in" and r["asset"] == "ETH"]
        check(funding and funding[0]["amount"] == "1" and funding[0]["counterparty_name"] == "key alice"
              and any(r["direction"] == "out" and r["counterparty_name"] == "Dave <b>payroll</b>" for r in ledger),
              f"the history CSV downloads and parses: {len(ledger)} rows, the 1 ETH funding from alice, a payment to Dave by name")

        print("(j) a delegatecall that rewrites the Safe's slot 0, as in February 2025: a critical change on its page")
        installed = "0x" + "ba5e" * 10
        writer = deploy_slot0_writer(installed)
        proposal = json.loads(cli(home_a, "safe", "propose", safe, "--to", writer, "--data", "0xa9059cbb", "--operation", "delegatecall", "--json"))
        a.goto(link_a.split("?")[0] + "tx/" + proposal["safeTxHash"])
        critical = a.locator("#effect li.critical[data-kind='singleton'][role='alert']")
        expect(critical).to_have_count(1, timeout=10_000)
        expect(critical).to_contain_text("the Safe's singleton changes from")
        expect(critical).to_contain_text("(unknown contract)")
        expect(a.locator("#decoded .warning")).to_contain_text("delegatecall to")
        shot(a, "17-slot0-writer")
        check(True, "the slot-0 writer's page names the singleton change, critical, beside the delegatecall warning")
        a.get_by_role("button", name="Write the evidence").click()
        with a.expect_download() as download:
            a.locator("#evidence-download").click()
        evidence = os.path.join(work, "slot0-evidence.json")
        download.value.save_as(evidence)
        verified = subprocess.run([BIN, "safe", "verify-evidence", evidence], env=home_env(home_a), capture_output=True, text=True)
        document = json.load(open(evidence))
        check(verified.returncode == 0 and document["effect"]["changes"][0]["kind"] == "singleton"
              and document["hashes"]["safeTxHash"] == proposal["safeTxHash"],
              "the page's evidence download verifies offline and records the singleton change")

        print("(k) a Safe message: proposed and signed by clicks in one home, passed on as a file, signed in the other, accepted by the Safe")
        a.goto(link_a.split("?")[0] + "safes/" + safe)
        text = "Sign in to app.example <script>alert(3)</script>\nNonce: " + os.urandom(6).hex()
        messages = a.locator("#messages")
        messages.get_by_label("Message").fill(text)
        messages.get_by_label("Password").fill(PASSWORD)
        messages.get_by_role("button", name="Propose and sign").click()
        expect(a.locator("#standing")).to_have_text("1 of 2 signed", timeout=10_000)
        expect(a.locator("#content pre")).to_have_text(text)
        check(a.locator("#content script").count() == 0, "the message's markup shows as text and runs nothing")
        message_hash = a.locator("#message-hash").inner_text()
        shown = json.loads(cli(home_a, "safe", "message", "show", message_hash, "--json"))
        check(shown["digest"] == a.locator("#digest").inner_text() and shown["message"] == text,
              f"the page's hashes are the CLI's: {message_hash[:12]}…")
        shot(a, "18-message-half-signed")
        passed = os.path.join(work, "message.json")
        cli(home_a, "safe", "message", "export", message_hash, "--out", passed)
        cli(home_b, "safe", "message", "import", passed)
        b.goto(link_b.split("?")[0] + "safes/" + safe)
        expect(b.locator(f"#messages tr[data-message='{message_hash}']")).to_contain_text("1 of 2")
        b.locator(f"#messages tr[data-message='{message_hash}'] a").click()
        b.locator("#sign").get_by_label("Password").fill(PASSWORD)
        b.locator("#sign").get_by_role("button", name="Sign").click()
        expect(b.locator("#standing")).to_have_text("2 of 2 signed", timeout=10_000)
        settled(b)
        final = b.locator("#final-signature").inner_text()
        check(len(final) == 2 + 2 * 130, f"the final signature is two owners' 65 bytes: {final[:14]}…")
        b.locator("#final").get_by_role("button", name="Ask the Safe on chain").click()
        expect(b.locator("#verdict")).to_have_attribute("data-valid", "true", timeout=10_000)
        check(json.loads(cli(home_b, "safe", "message", "show", message_hash, "--json"))["finalSignature"] == final,
              "the Safe's isValidSignature accepts the page's final signature, which is the CLI's")
        expect(b.locator("#verdict")).to_contain_text("The Safe accepts it")
        shot(b, "19-message-signed")

        b.get_by_role("link", name="Settings").click()
        expect(b.locator("#keys")).to_contain_text("bob")
        shot(b, "12-settings")
        b.get_by_role("link", name="Rates").click()
        expect(b.locator("h1")).to_have_text("Rates")
        shot(b, "13-rates")

        print("(d) refusals")
        fresh = browser.new_context().new_page()
        check(fresh.goto(link_a.split("?")[0]).status == 401, "no token: 401")
        check(fresh.goto(link_a.split("?")[0] + "?token=" + "0" * 32).status == 401, "a wrong token: 401")
        connection = http.client.HTTPConnection("127.0.0.1", port_a, timeout=10)
        cookie = a.context.cookies()[0]
        connection.request("GET", "/", headers={"Host": f"attacker.example:{port_a}", "Cookie": f"{cookie['name']}={cookie['value']}"})
        check(connection.getresponse().status == 421, "a foreign Host, with the cookie: 421")
        page_id = a.locator("body").get_attribute("data-page")
        refused = a.context.request.post(link_a.split("?")[0] + f"p/{page_id}/do/import", form={"file": "{}"})
        check(refused.status == 403, "a POST without the CSRF token: 403")
        fresh.close()

        print("(i) a dashboard pointed at bifrost serve")
        service_story(browser, home_a, home_b, safe)

        print("(e) console errors")
        check(not dialogs, f"no dialog opened: {dialogs}")
        check(not console_errors, f"no console errors: {console_errors}")

        print("(h) Ctrl-C stops a dashboard whose pages are open and listening")
        stopping = servers[0]
        started = time.monotonic()
        stopping.send_signal(signal.SIGINT)
        try:
            stopping.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        check(stopping.returncode == 0, f"stopped with exit 0 in {time.monotonic() - started:.1f} s (exit {stopping.returncode})")
        browser.close()
    shots = sorted(os.listdir(SHOTS))
    print(f"(f) {len(shots)} screenshots in {SHOTS}: {', '.join(shots)}")
    print(f"browser tests passed: {story_support.checks} checks")


finish(main)
