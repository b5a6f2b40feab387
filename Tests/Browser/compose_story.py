"""Composing a transaction as a wallet does (issue 41, findings 1, 4, 5 and 9), in Chromium on the local chain:

  (1) the review is a draft: thirteen reviews leave the queue empty; Sign proposes and signs in one
      step; "Propose without signing" stores it unsigned;
  (4) a token transfer's decoded call shows the amount in the token's units, the raw integer beside
      it (the CLI's review too), and a contract call's integer field says what a bare number means;
  (9) switching the kind of transaction happens in the page (no navigation, no request), the chosen
      tab is marked and styled apart, the contract call's fields follow the function picker, and the
      key import shows only the fields of what you have;
  (5) the form offers choices: the Safe's balances and a Max button, the token from the Safe's
      assets, the owners by name, the valid thresholds, recipient suggestions, and a nonce that
      warns when it replaces a queued transaction.

Run one finding with BIFROST_STORY_PARTS=1 (or 4, 9, 5; comma-separated for several).
"""

import json
import os
import time

from playwright.sync_api import expect, sync_playwright

from story_support import *  # noqa: F401,F403 (the stories' shared setup and helpers)

SALTS = range(41100, 41200)


def deploy_token(holder, symbol, amount):
    script = f"""
import sys
sys.path.insert(0, {os.path.abspath('scripts')!r})
from eth_abi import encode
from devnet_lib import accounts, artifacts, deploy
from devnet_lib.rpc_client import RpcClient
_, code, _ = artifacts.load(artifacts.TEST_TOKEN)
args = encode(["string", "string", "uint8", "address", "uint256"], ["Bifrost Test Token", {symbol!r}, 18, {holder!r}, {amount}])
print(deploy.deploy(RpcClient({RPC!r}), accounts.deployer(), code + args, 'composeToken'))
"""
    out = subprocess.run([DEVNET_PYTHON, "-c", script], capture_output=True, text=True)
    if out.returncode != 0:
        raise AssertionError("token deployment failed: " + out.stderr[-800:])
    return out.stdout.strip().splitlines()[-1]


def queue(home, safe):
    return json.loads(cli(home, "safe", "queue", safe, "--json"))["transactions"]


def new_transaction(page, base, safe):
    page.goto(base + "safes/" + safe + "/new")
    expect(page.locator("h1")).to_have_text("New transaction")


def finding_1(page, base, home, safe):
    print("(1) the review is a draft: nothing is stored until Sign or Propose without signing")
    check(queue(home, safe) == [], "the queue starts empty")
    new_transaction(page, base, safe)
    page.get_by_label("Recipient").fill(DAVE["address"])
    page.get_by_label("Amount").fill("0.01")
    hashes = set()
    for i in range(13):
        page.get_by_role("button", name="Review").click()
        expect(page.locator("#review")).to_contain_text("send 0.01 ETH")
        expect(page.locator("#simulation")).to_contain_text("succeeds", timeout=10_000)
        expect(page.locator("#effect")).to_contain_text("balance")
        settled(page)
        hashes.add(page.locator("#safe-tx-hash").inner_text())
        if i == 0:
            check(page.locator("#decoded").count() == 1 and page.locator("#typed-fields tr").count() > 0,
                  "the draft's review decodes the call, simulates it, shows the Safe after it and the hashes")
            shot(page, "compose-01-draft-review")
        page.get_by_role("button", name="Back").click()
        expect(page.get_by_role("button", name="Review")).to_be_visible()
        settled(page)
    left = queue(home, safe)
    check(left == [], f"thirteen reviews leave the queue empty (it holds {len(left)})")
    check(len(hashes) == 1, "each review of the same transaction shows the same safeTxHash: no nonce was taken")

    page.get_by_role("button", name="Review").click()
    expect(page.locator("#simulation")).to_contain_text("succeeds", timeout=10_000)
    settled(page)
    reviewed = page.locator("#safe-tx-hash").inner_text()
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign", exact=True).click()
    expect(page.locator("#proposed")).to_contain_text("1 of 2")
    settled(page)
    stored = queue(home, safe)
    check(len(stored) == 1 and stored[0]["safeTxHash"] == reviewed and stored[0]["confirmations"] == 1
          and stored[0]["signers"] == [ALICE["address"]],
          "Sign proposes the reviewed transaction and signs it in one step: 1 of 2, by alice")

    new_transaction(page, base, safe)
    page.get_by_label("Recipient").fill(CAROL["address"])
    page.get_by_label("Amount").fill("0.02")
    page.get_by_role("button", name="Review").click()
    expect(page.locator("#review")).to_contain_text("send 0.02 ETH")
    settled(page)
    unsigned_hash = page.locator("#safe-tx-hash").inner_text()
    page.get_by_role("button", name="Propose without signing").click()
    expect(page.locator("#proposed")).to_contain_text("Proposed without signing")
    settled(page)
    shot(page, "compose-02-proposed-unsigned")
    stored = queue(home, safe)
    unsigned = [t for t in stored if t["safeTxHash"] == unsigned_hash]
    check(len(stored) == 2 and unsigned and unsigned[0]["confirmations"] == 0 and unsigned[0]["nonce"] == 1,
          "Propose without signing stores the reviewed transaction unsigned, at the next nonce")

    out = subprocess.run([BIN, "safe", "propose", safe, "--to", DAVE["address"], "--value", "0.03ether", "--dry-run"],
                         env=home_env(home), capture_output=True, text=True)
    check(out.returncode == 0 and "draft, not stored" in out.stdout and "safeTxHash:" in out.stdout and len(queue(home, safe)) == 2,
          "the CLI's propose --dry-run shows the review and stores nothing")


def finding_4(page, base, home, safe, token):
    print("(4) a known token's amounts in its units, the raw integer beside")
    new_transaction(page, base, safe)
    page.get_by_role("button", name="Send a token").click()
    if page.locator("#token-select").count():
        page.locator("#token-select").select_option(token)
    else:
        page.get_by_label("Token contract").fill(token)
    page.get_by_label("Recipient").fill(DAVE["address"])
    page.get_by_label("Amount").fill("12.5")
    page.get_by_role("button", name="Review").click()
    expect(page.locator("#review")).to_contain_text("send 12.5 BTT")
    settled(page)
    shot(page, "compose-03-token-units")
    units = page.locator("#decoded .token-amount")
    check(units.count() == 1 and units.inner_text() == "12.5 BTT", "the decoded transfer's amount reads 12.5 BTT")
    check(page.locator("#decoded .raw-amount").inner_text() == "12500000000000000000", "the raw integer stays, small, beside it")

    proposed = json.loads(cli(home, "safe", "propose", safe, "--token", token, "--to", DAVE["address"], "--amount", "12.5", "--json"))
    reviewed = cli(home, "safe", "review", proposed["safeTxHash"], "--no-after-state")
    check("12.5 BTT (12500000000000000000)" in reviewed, "the CLI's review reads the amount in BTT too")

    new_transaction(page, base, safe)
    page.get_by_role("button", name="Contract call").click()
    page.get_by_label("Contract").fill(token)
    abi = [{"type": "function", "name": "transfer", "stateMutability": "nonpayable",
            "inputs": [{"name": "to", "type": "address"}, {"name": "amount", "type": "uint256"}], "outputs": [{"name": "", "type": "bool"}]}]
    page.locator("#abi").fill(json.dumps(abi))
    page.get_by_role("button", name="Read the ABI").click()
    expect(page.locator("input[data-argument='amount']")).to_have_count(1, timeout=10_000)
    settled(page)
    hint = page.locator("label:has(input[data-argument='amount']) .field-hint")
    check(hint.count() == 1 and "1 means 0.000000000000000001 BTT" in hint.inner_text(),
          "a token contract's integer field says a bare number counts the smallest unit")


def finding_9(page, base, home, safe, link):
    print("(9) tabs and fields switch in the page")
    new_transaction(page, base, safe)
    settled(page)
    page.evaluate("window.composeMarker = 41")
    requests, navigations = [], []
    on_request = lambda r: requests.append(f"{r.method} {r.url}") if r.resource_type in ("document", "fetch", "xhr") or r.method == "POST" else None
    on_navigation = lambda f: navigations.append(f.url) if f == page.main_frame else None
    page.on("request", on_request)
    page.on("framenavigated", on_navigation)
    tab = page.get_by_role("button", name="Send a token")
    started = time.monotonic()
    tab.click()
    try:
        expect(page.locator("#kind-title")).to_have_text("Send a token", timeout=2_000)
        print(f"  the tab switched in {(time.monotonic() - started) * 1000:.0f} ms")
    except AssertionError:
        pass
    page.wait_for_load_state()
    page.wait_for_timeout(1_000)
    page.remove_listener("request", on_request)
    page.remove_listener("framenavigated", on_navigation)
    check(page.evaluate("window.composeMarker") == 41 and not navigations, f"switching the tab kept the page: no navigation {navigations}")
    check(not [r for r in requests if "/live/" not in r], f"switching the tab sent no request: {requests}")
    expect(page.locator("#kind-title")).to_have_text("Send a token")
    check(tab.get_attribute("aria-pressed") == "true"
          and page.get_by_role("button", name="Send ETH").get_attribute("aria-pressed") == "false",
          "the chosen tab is pressed, the others not")
    chosen_bg = tab.evaluate("e => getComputedStyle(e).backgroundColor")
    other_bg = page.get_by_role("button", name="Send ETH").evaluate("e => getComputedStyle(e).backgroundColor")
    check(chosen_bg != other_bg, f"the chosen tab looks chosen: {chosen_bg} against {other_bg}")
    check(page.get_by_label("Amount").count() == 1 and page.get_by_label("Recipient").count() == 1,
          "the token's fields replaced the ether fields, one of each")
    shot(page, "compose-04-tab-in-page")

    page.get_by_role("button", name="Contract call").click()
    page.get_by_label("Contract").fill(DAVE["address"])
    abi = [{"type": "function", "name": "stake", "stateMutability": "nonpayable",
            "inputs": [{"name": "amount", "type": "uint256"}, {"name": "to", "type": "address"}]},
           {"type": "function", "name": "place", "stateMutability": "nonpayable",
            "inputs": [{"name": "order", "type": "tuple", "components": [{"name": "price", "type": "uint256"}, {"name": "maker", "type": "address"}]},
                       {"name": "ids", "type": "uint256[]"}, {"name": "memo", "type": "string"}]}]
    page.locator("#abi").fill(json.dumps(abi))
    page.get_by_role("button", name="Read the ABI").click()
    expect(page.locator("#function option")).to_have_count(2, timeout=10_000)
    settled(page)
    expect(page.locator("input[data-argument='amount']")).to_have_count(1)
    page.locator("#function").select_option("place((uint256,address),uint256[],string)")
    expect(page.locator("input[data-argument='memo']")).to_have_count(1, timeout=3_000)
    check(page.locator("input[data-argument]").count() == 3 and page.locator("input[data-argument='amount']").count() == 0,
          "the contract call's fields follow the function picker, without a press")

    browser = page.context.browser
    # The same signed-in session (its cookie), without script.
    plain = browser.new_context(java_script_enabled=False, storage_state=page.context.storage_state()).new_page()
    plain.goto(base + "safes/" + safe + "/new")
    plain.get_by_role("button", name="Send a token").click()
    expect(plain.locator("h2").first).to_have_text("Send a token")
    check(plain.get_by_role("button", name="Send a token").get_attribute("aria-pressed") == "true" and plain.locator("#token-select").count() == 1,
          "without script the tab still works, as a form post")
    plain.context.close()

    page.goto(base + "onboarding")
    page.get_by_role("button", name="Import a key").click()
    expect(page.get_by_label("What you have")).to_be_visible()
    check(page.get_by_label("Recovery phrase", exact=True).is_visible()
          and not page.get_by_label("Private key (hex)").is_visible() and not page.get_by_label("Keystore password").is_visible(),
          "the import form shows the recovery phrase's field only")
    page.get_by_label("What you have").select_option("private-key")
    check(page.get_by_label("Private key (hex)").is_visible() and not page.get_by_label("Recovery phrase", exact=True).is_visible()
          and not page.get_by_label("Keystore password").is_visible(), "choosing a private key shows its field only")
    shot(page, "compose-05-import-private-key")


def finding_5(page, base, home, safe, token):
    print("(5) the form offers the Safe's choices")
    queued = json.loads(cli(home, "safe", "propose", safe, "--to", CAROL["address"], "--value", "1wei", "--json"))
    new_transaction(page, base, safe)
    expect(page.locator("#safe-balance")).to_contain_text("1 ETH")
    expect(page.locator("#safe-balance")).to_contain_text("BTT")
    check(True, "the form shows the Safe's ether and token balances")
    page.get_by_role("button", name="Max").click()
    check(page.get_by_label("Amount").input_value() == "1", "Max fills the Safe's ether balance")
    check(DAVE["address"] in page.locator("#recipients option").evaluate_all("os => os.map(o => o.value)"),
          "the recipient field suggests the address book's entries")

    page.get_by_role("button", name="Send a token").click()
    options = page.locator("#token-select option")
    check(options.count() == 1 and "BTT" in options.first.inner_text(), "the token is picked from the Safe's assets, with its balance")
    page.get_by_role("button", name="Max").click()
    check(page.get_by_label("Amount").input_value() == "100", "Max fills the token's balance")

    page.get_by_role("button", name="Remove an owner").click()
    owners = page.get_by_label("Owner to remove").locator("option").all_inner_texts()
    check(len(owners) == 3 and any(ALICE["address"] in o and "alice" in o for o in owners),
          f"the owner to remove is picked from the owners, by name: {owners}")
    page.get_by_role("button", name="Change the threshold").click()
    thresholds = page.get_by_label("New threshold").locator("option").all_inner_texts()
    check(thresholds == ["1 of 3", "2 of 3 (now)", "3 of 3"], f"the valid thresholds are the choice: {thresholds}")
    shot(page, "compose-06-threshold-select")

    page.get_by_role("button", name="Send ETH").click()
    nonce = str(queued["nonce"])
    warning = page.locator(f"[data-nonce-warning='{nonce}']")
    page.get_by_label("Nonce").fill(nonce)
    expect(warning).to_be_visible()
    check("replaces the queued" in warning.inner_text(), f"a nonce that a queued transaction has warns: {warning.inner_text()}")
    page.get_by_label("Nonce").fill(str(int(nonce) + 1))
    expect(warning).to_be_hidden()
    page.get_by_label("Nonce").fill(nonce)
    page.get_by_label("Recipient").fill(DAVE["address"])
    page.get_by_label("Amount").fill("0.001")
    shot(page, "compose-07-nonce-warning")
    page.get_by_role("button", name="Review").click()
    expect(page.locator("#risks [data-risk='nonce-taken']")).to_have_count(1, timeout=10_000)
    check(page.locator("#review dd").nth(1).inner_text() == nonce, "the review takes the nonce typed, and names the transaction it competes with")


def main():
    home = new_home("compose")
    import_cli_key(home, "alice", ALICE)
    cli(home, "address-book", "add", DAVE["address"], "Dave")
    # The first salt of this story's range still free on this chain (a chain kept across runs has used some).
    for salt in SALTS:
        try:
            safe = create_safe(home, "alice", [ALICE["address"], BOB["address"], CAROL["address"]], 2, salt)
            break
        except AssertionError as error:
            if "already exists" not in str(error) or salt == SALTS[-1]:
                raise
    token = deploy_token(safe, "BTT", 100 * 10**18)
    cli(home, "token", "add", token)
    link = start_dashboard(home)
    base = link.split("?")[0]
    with sync_playwright() as p:
        page = browser_page(p, "compose")
        page.goto(link)
        expect(page.locator("h1")).to_have_text("Safes")
        part("1", finding_1, page, base, home, safe)
        part("4", finding_4, page, base, home, safe, token)
        part("9", finding_9, page, base, home, safe, link)
        part("5", finding_5, page, base, home, safe, token)


finish(main)
