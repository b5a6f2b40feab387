"""The queue tells the truth about order, who can execute, and which keys are yours (issue 41,
findings 2, 6 and 8), in Chromium on the local chain. One function per finding, so each can be
shown to fail on the binary from before the change:
  (2) order: a 2-of-2 Safe with a transaction at nonce n, its rejection at n and one at n+1: the
      queue shows Next apart from Queued, the conflict grouped with "one of these can execute", no
      Execute on n+1 even when fully signed, its page says it waits; then the two ready ones execute
      in one click and the Safe's nonce advances by 2;
  (6) executors: the execute picker shows each key's balance, an unfunded owner key is not the
      default, and a funded key that is not an owner executes;
  (8) your keys: the queue's missing list names your key, the sign picker starts on a key that has
      not signed, and signing again with a signed key says so.
"""

import json
import os
import random
import re

from playwright.sync_api import expect, sync_playwright

from story_support import *  # noqa: F401,F403 (the stories' shared setup and helpers)

# This story's salts (41200-41299), in a random order so it can run again on the same chain.
SALTS = iter(random.sample(range(41200, 41300), 100))


def key_address(home, name):
    keys = json.loads(cli(home, "key", "list", "--json"))
    listed = keys if isinstance(keys, list) else keys.get("keys", keys)
    return next(k["address"] for k in listed if k["name"] == name)


def propose(home, safe, *args):
    return json.loads(cli(home, "safe", "propose", safe, *args, "--json"))["safeTxHash"]


def open_home(page, link, safe):
    """The Safe's home, the link's token traded for the cookie first."""
    page.goto(link)
    page.goto(link.split("?")[0] + f"safes/{safe}")
    expect(page.locator("#queue")).to_be_visible(timeout=60_000)
    settled(page)


def open_tx(page, link, tx_hash):
    page.goto(link)
    page.goto(link.split("?")[0] + f"tx/{tx_hash}")
    expect(page.locator("#status")).to_be_visible(timeout=60_000)
    settled(page)


def order_story(browser):
    """(2) Next apart from Queued, a conflict grouped, Execute only at the Safe's nonce, and a batch in one click."""
    print("(2) the queue tells the truth about order")
    home = new_home("order")
    import_cli_key(home, "alice", ALICE)
    import_cli_key(home, "bob", BOB)
    safe = create_safe(home, "alice", [ALICE["address"], BOB["address"]], 2, next(SALTS))
    pay = propose(home, safe, "--to", CAROL["address"], "--value", "0.01ether")
    rejection = propose(home, safe, "--to", safe, "--value", "0", "--nonce", "0")
    later = propose(home, safe, "--to", DAVE["address"], "--value", "0.02ether", "--nonce", "1")
    cli(home, "safe", "sign", pay, "--key", "alice")
    for tx in (rejection, later):
        cli(home, "safe", "sign", tx, "--key", "alice")
        cli(home, "safe", "sign", tx, "--key", "bob")
    link = start_dashboard(home)
    page = browser(link)
    open_home(page, link, safe)
    shot(page, "queue-order")
    check(page.locator("#queue-next").count() == 1 and page.locator("#queue-queued").count() == 1,
          "the queue shows Next (the Safe's nonce) apart from Queued (later nonces)")
    conflict = page.locator("#queue-next tbody.conflict")
    check(conflict.count() == 1 and "one of these can execute" in conflict.inner_text(),
          "the transaction and its rejection at nonce 0 are grouped as a conflict: one of these can execute")
    check(conflict.locator(f"tr[data-tx='{pay}']").count() == 1 and conflict.locator(f"tr[data-tx='{rejection}']").count() == 1,
          "both transactions at nonce 0 are in the conflict group")
    later_row = page.locator(f"#queue-queued tr[data-tx='{later}']")
    check(later_row.count() == 1, "the transaction at nonce 1 is under Queued")
    check(later_row.get_by_role("link", name="Execute").count() == 0,
          "no Execute on nonce 1 although both owners signed it")
    check("waits for nonce 0" in later_row.locator(".confirmations").inner_text(), "its row says it waits for nonce 0")
    check(page.locator(f"tr[data-tx='{rejection}']").get_by_role("link", name="Execute").count() == 1,
          "the ready rejection at the Safe's nonce offers Execute")

    open_tx(page, link, later)
    shot(page, "queue-later-page")
    check(page.locator("#sign").get_by_role("button", name="Execute").count() == 0,
          "the transaction page of nonce 1 offers no Execute")
    check("Waits for nonce 0" in page.locator("#sign").inner_text(), "the transaction page of nonce 1 says it waits for nonce 0")

    open_home(page, link, safe)
    batch = page.locator("#queue-batch")
    check(batch.count() == 1 and "2 transactions are ready in order" in batch.inner_text(), "the queue offers the two ready ones as one batch")
    batch.locator("select[name=key]").select_option("alice")
    batch.get_by_label("Password").fill(PASSWORD)
    batch.get_by_role("button", name=re.compile("Execute 2")).click()
    expect(page.locator("#batch-executed")).to_contain_text("Executed 2 of 2", timeout=120_000)
    settled(page)
    expect(page.locator("#nonce")).to_have_text("2", timeout=30_000)
    check(page.locator("#nonce").inner_text() == "2", "one click executed both: the Safe's nonce advanced from 0 to 2")
    shown = json.loads(cli(home, "safe", "info", safe, "--json"))
    check(str(shown["nonce"]) == "2", f"the chain agrees: nonce {shown['nonce']}")
    shot(page, "queue-batch-executed")


def executor_story(browser):
    """(6) Balances in the execute picker; an unfunded owner key is not the default; a funded non-owner executes."""
    print("(6) who can execute")
    home = new_home("executors")
    import_cli_key(home, "dave", DAVE)
    fresh = "0x" + os.urandom(32).hex()
    cli(home, "key", "import", "--name", "fresh", "--private-key-file", secret_file(fresh))
    fresh_address = key_address(home, "fresh")
    safe = create_safe(home, "dave", [fresh_address, BOB["address"]], 1, next(SALTS))
    tx = propose(home, safe, "--to", CAROL["address"], "--value", "0.01ether")
    cli(home, "safe", "sign", tx, "--key", "fresh")
    link = start_dashboard(home)
    page = browser(link)
    open_tx(page, link, tx)
    picker = page.locator("#sign form").filter(has=page.get_by_role("button", name="Execute")).locator("select[name=key]")
    expect(picker.locator("option", has_text="ETH")).to_have_count(2, timeout=30_000)
    shot(page, "queue-executor-picker")
    options = picker.locator("option").all_inner_texts()
    check(all("ETH" in o for o in options), f"each key in the execute picker shows its ether balance: {options}")
    fresh_option = picker.locator("option[value=fresh]")
    check(fresh_option.count() == 1 and "no ETH" in fresh_option.inner_text(), "the unfunded owner key is marked")
    check(picker.input_value() == "dave", f"the default is the funded key, not the unfunded owner: {picker.input_value()}")
    form = page.locator("#sign form").filter(has=page.get_by_role("button", name="Execute"))
    form.get_by_label("Password").fill(PASSWORD)
    form.get_by_role("button", name="Execute").click()
    expect(page.locator("#status")).to_have_text("executed", timeout=120_000)
    check(page.locator("#status").inner_text() == "executed", "dave, funded and no owner, executed it")


def own_keys_story(browser):
    """(8) Your key named in the missing list; the sign picker on an unsigned key; signing twice answered."""
    print("(8) your own keys")
    home = new_home("own-keys")
    import_cli_key(home, "alice", ALICE)
    import_cli_key(home, "bob", BOB)
    safe = create_safe(home, "alice", [ALICE["address"], BOB["address"]], 2, next(SALTS))
    tx = propose(home, safe, "--to", CAROL["address"], "--value", "0.01ether")
    cli(home, "safe", "sign", tx, "--key", "alice")
    link = start_dashboard(home)
    page = browser(link)
    open_home(page, link, safe)
    missing = page.locator(f"tr[data-tx='{tx}'] ul").nth(1)
    shot(page, "queue-own-keys")
    check("bob" in missing.inner_text() and "your key" in missing.inner_text(),
          f"the missing list names your key bob: {missing.inner_text()!r}")

    open_tx(page, link, tx)
    sign_form = page.locator("#sign form").filter(has=page.get_by_role("button", name="Sign"))
    picker = sign_form.locator("select[name=key]")
    check(picker.input_value() == "bob", f"the sign picker starts on bob, who has not signed: {picker.input_value()}")
    alice = picker.locator("option[value=alice]")
    check(alice.count() == 1 and "signed" in alice.inner_text(), "alice is listed as signed")
    shot(page, "queue-sign-picker")
    # A page left open elsewhere still offers alice: choose her again, as a stale page would.
    alice.evaluate("o => { o.disabled = false }")
    picker.select_option("alice")
    sign_form.get_by_label("Password").fill(PASSWORD)
    sign_form.get_by_role("button", name="Sign").click()
    settled(page)
    error = page.locator(".error")
    expect(error).to_contain_text("already signed", timeout=30_000)
    check("alice" in error.first.inner_text(), f"signing again with alice says she already signed: {error.first.inner_text()!r}")
    shot(page, "queue-signed-twice")


def main():
    with sync_playwright() as p:
        def browser(link):
            return browser_page(p, "queue")
        part("2", order_story, browser)
        part("6", executor_story, browser)
        part("8", own_keys_story, browser)


finish(main)
