"""Issue 41, findings 7 and 10: colour that means something, and a layout a new user can follow.

(7) Red only for what can lose funds or control: an owner change and a nonce ahead are notable
    (blue), a new module is critical (red); each change shows once (no AddedOwner event beside the
    owner change); a batch's delegatecall to the known MultiSend has no red badge; "the Safe accepts
    it" is green.
(10) From 390 px up no page is wider than the screen; the queue's action cells keep their table
    layout and their buttons do not touch; a refused link is a styled page that says what to do;
    the first run leads from no key and no network to a Safe.
"""

import json
import os

from playwright.sync_api import expect, sync_playwright

from story_support import *  # noqa: F401,F403 (the stories' shared setup and helpers)

RED = "rgb(176, 58, 46)"
BLUE = "rgb(31, 78, 156)"
GREEN = "rgb(18, 128, 92)"


def style(page, selector, prop):
    """The computed `prop` of the first element matching `selector`, once the page stops changing
    (a live update may replace the element between finding it and reading it)."""
    settled(page)
    return page.wait_for_function(
        """([selector, prop]) => { const e = document.querySelector(selector); return e && e.isConnected && getComputedStyle(e)[prop]; }""",
        arg=[selector, prop], timeout=10_000).json_value()


def colour_story(page, base, home, safe):
    print("(7) colour that means something")
    # An owner added (notable), behind a queued transfer so its nonce is ahead (notable too).
    cli(home, "safe", "propose", safe, "--to", DAVE["address"], "--value", "0.01ether")
    added = json.loads(cli(home, "safe", "propose", safe, "--add-owner", CAROL["address"], "--json"))["safeTxHash"]
    page.goto(base + "tx/" + added)
    change = page.locator("#effect li[data-kind='owners']")
    expect(change).to_have_count(1, timeout=30_000)
    check("notable" in change.get_attribute("class") and "critical" not in change.get_attribute("class"),
          "an owner added is notable, not critical")
    check(style(page, "#effect li[data-kind='owners']", "borderLeftColor") == BLUE, "…and drawn blue, not red")
    check(change.get_attribute("role") is None, "…and not announced as an alert")
    ahead = page.locator("li[data-risk='nonce-ahead']")
    expect(ahead).to_have_count(1)
    check("notable" in ahead.get_attribute("class") and style(page, "li[data-risk='nonce-ahead']", "borderLeftColor") != RED,
          "a nonce ahead of the Safe's is notable, not red")
    expect(page.locator("#events")).to_contain_text("listed as changes above")
    check(page.locator("#events li[data-event='addedOwner']").count() == 0, "the owner added shows once: under changes, not again under events")
    shot(page, "layout-owner-change")

    # A module enabled is critical, and red.
    module = ACCOUNTS[7]["address"]
    enabled = json.loads(cli(home, "safe", "propose", safe, "--to", safe, "--sig", "enableModule(address module)", "--arg", module,
                             "--json"))["safeTxHash"]
    page.goto(base + "tx/" + enabled)
    critical = page.locator("#effect li[data-kind='modules']")
    expect(critical).to_have_count(1, timeout=30_000)
    check("critical" in critical.get_attribute("class") and style(page, "#effect li[data-kind='modules']", "borderLeftColor") == RED,
          "a module enabled is critical, and red")

    # A batch: the delegatecall to the official MultiSend is routine, no red badge.
    calls = os.path.join(work, "calls.json")
    json.dump([{"to": DAVE["address"], "value": "1000"}, {"to": BOB["address"], "value": "2000"}], open(calls, "w"))
    batch = json.loads(cli(home, "safe", "propose", safe, "--batch", calls, "--json"))["safeTxHash"]
    page.goto(base + "tx/" + batch)
    expect(page.locator("#decoded .badge")).to_have_count(1)
    check(page.locator("#decoded .warning-badge").count() == 0 and style(page, "#decoded .badge", "color") != RED,
          "the known MultiSend's delegatecall badge is not red")

    # A message the Safe accepts: green.
    message = json.loads(cli(home, "safe", "message", "propose", safe, "--text", "colour story", "--key", "alice", "--json"))["messageHash"]
    page.goto(base + "messages/" + message)
    page.locator("#final").get_by_role("button", name="Ask the Safe on chain").click()
    verdict = page.locator("#verdict")
    expect(verdict).to_have_attribute("data-valid", "true", timeout=15_000)
    check(style(page, "#verdict", "borderLeftColor") == GREEN, "the Safe accepts it: green, not amber")
    shot(page, "layout-message-accepted")


def queue_cells_story(page, base, home, safe):
    print("(10) the queue's action cells")
    cli(home, "safe", "propose", safe, "--to", BOB["address"], "--value", "0.02ether")
    page.goto(base + "safes/" + safe)
    cell = page.locator("#queue td.actions").first
    expect(cell).to_be_visible()
    check(style(page, "#queue td.actions", "display") == "table-cell", "an action cell keeps its table layout, so the row's borders line up")
    # Read in one go, on a settled page: a live update may replace the row between two reads.
    boxes = page.wait_for_function("""() => { const cell = document.querySelector('#queue td.actions');
        return cell && [...cell.querySelectorAll('a.button, button')].map(b => { const r = b.getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width}; }); }""",
                                   timeout=10_000).json_value()
    touching = [(a, b) for a, b in zip(boxes, boxes[1:])
                if abs(a["y"] - b["y"]) < 2 and b["x"] - (a["x"] + a["width"]) < 4]
    check(len(boxes) >= 2 and not touching, f"its {len(boxes)} buttons have room between them")
    # The owners column was so narrow that its names wrapped letter by letter: a row stays as short as its signers.
    heights = page.evaluate("() => [...document.querySelectorAll('#queue tr[data-tx]')].map(r => r.getBoundingClientRect().height)")
    check(heights and max(heights) <= 150, f"queue rows at most 150 px tall: {[round(h) for h in heights]}")
    shot(page, "layout-queue")


def refusal_story(p, link):
    print("(10) a refused link is a styled page that says what to do")
    page = browser_page(p, "refused")
    answer = page.goto(link)  # the link was traded already: a second browser is refused
    check(answer.status == 401, "a used link is refused with 401")
    expect(page.locator("h1")).to_have_text("Open the dashboard from its link")
    expect(page.locator("main")).to_contain_text("bifrost dashboard")
    check(page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(246, 248, 250)", "the refusal is styled as the dashboard")
    shot(page, "layout-refused")
    page.context.browser.close()
    # The browser logs the refusal's own 401 as a failed load; that is the point of this page.
    refusals = [e for e in console_errors if e.startswith("refused:") and "401" in e]
    check(len(refusals) == 1, f"the only error the refused page logs is its own 401: {refusals}")
    for e in refusals:
        console_errors.remove(e)


def first_run_story(p):
    print("(10) the first run leads the user through")
    home = os.path.join(work, "first-run")
    link = start_dashboard(home)
    page = browser_page(p, "first")
    page.goto(link)
    base = link.split("?")[0]
    expect(page).to_have_url(base + "onboarding")
    expect(page.locator("#no-network")).to_have_text("No network yet: add one")
    page.goto(base + "settings")
    expect(page.locator("#no-keys")).to_contain_text("Create or import a key first")
    expect(page.locator("#no-networks")).to_contain_text("No network yet")
    shot(page, "layout-first-run-settings")
    import_cli_key(home, "alice", ALICE)
    page.goto(base)
    steps = page.locator("#first-run")
    expect(steps).to_contain_text("No Safes yet")
    check(steps.locator("a[href='/settings#networks']").count() == 1, "the Safe list leads to adding a network first")
    page.locator("#no-network").click()
    page.get_by_label("Name").fill("devnet")
    page.get_by_label("RPC URL").fill(RPC)
    page.get_by_role("button", name="Add network").click()
    settled(page)
    page.goto(base)
    expect(page.locator("#first-run li.done")).to_have_count(2)
    check(page.locator("#no-network").count() == 0, "once a network is added the header names it")
    shot(page, "layout-first-run-safes")
    page.context.browser.close()


def narrow_story(p, page, base, home, safe):
    print("(10) from 390 px up, nothing wider than the screen")
    # The narrow pages open in their own browser, which needs the session: copy the cookie.
    narrow = browser_page(p, "narrow", width=390, height=844)
    narrow.context.add_cookies(page.context.cookies())
    for path in ["", "safes/" + safe, "safes/" + safe + "/new", "tx/" + page_tx(home, safe), "settings"]:
        narrow.goto(base + path)
        settled(narrow)
        width = narrow.evaluate("document.documentElement.scrollWidth")
        check(width <= 390, f"/{path[:20]} at 390 px: {width} px wide")
        shot(narrow, "layout-390-" + (path.replace("/", "-")[:24] or "safes"))
    narrow.context.browser.close()


def main():
    home = new_home("layout")
    import_cli_key(home, "alice", ALICE)
    safe = create_safe(home, "alice", [ALICE["address"], BOB["address"]], 1, 41001)
    link = start_dashboard(home)
    base = link.split("?")[0]
    with sync_playwright() as p:
        page = browser_page(p, "layout")
        page.goto(link)
        part("7", colour_story, page, base, home, safe)
        part("10", queue_cells_story, page, base, home, safe)
        part("10", narrow_story, p, page, base, home, safe)
        part("10", refusal_story, p, link)
        part("10", first_run_story, p)


def page_tx(home, safe):
    queued = json.loads(cli(home, "safe", "queue", safe, "--json"))
    items = queued["transactions"] if isinstance(queued, dict) else queued
    return items[0]["safeTxHash"]


finish(main)
