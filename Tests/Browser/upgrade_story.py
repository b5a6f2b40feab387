"""An old Safe offered its upgrade (issue 42, part 3), in Chromium on the local chain started with
--all-versions: a 1.1.1 Safe's page offers 1.3.0 under Setup; the link opens the upgrade's draft
review, which names the singleton and fallback handler changes with their releases, and stores nothing.
"""

import json

from playwright.sync_api import expect, sync_playwright

from story_support import *  # noqa: F401,F403 (the stories' shared setup and helpers)


def main():
    check("1.1.1" in deployments.get("safeVersions", {}), "the chain has Safe 1.1.1 (scripts/devnet start --all-versions)")
    home = new_home("upgrade")
    import_cli_key(home, "alice", ALICE)
    salt = 42300 + RUN_SALT
    created = json.loads(cli(home, "safe", "create", "--key", "alice", "--owners", ALICE["address"], "--threshold", "1",
                             "--safe-version", "1.1.1", "--salt", str(salt), "--wait", "--json"))
    safe = created["safe"] if "safe" in created else created["address"]
    link = start_dashboard(home)
    base = link.split("?")[0]
    with sync_playwright() as p:
        page = browser_page(p, "upgrade")
        page.goto(link)
        expect(page.locator("h1")).to_have_text("Safes")
        page.goto(base + "safes/" + safe)
        offer = page.locator("#upgrade")
        expect(offer).to_contain_text("Safe 1.1.1 can be upgraded to 1.3.0", timeout=30_000)
        shot(page, "upgrade-01-offer")
        offer.get_by_role("link", name="Review the upgrade").click()
        effect = page.locator("#effect")
        expect(effect).to_contain_text("the Safe's singleton changes from", timeout=60_000)
        text = effect.inner_text()
        check("(Safe 1.1.1)" in text and "(Safe 1.3.0)" in text, f"the singleton change names both releases: {text[:300]}")
        check("the fallback handler changes from none to" in text, "the new fallback handler is named")
        shot(page, "upgrade-02-review")
        queued = json.loads(cli(home, "safe", "queue", safe, "--json"))["transactions"]
        check(queued == [], "the review is a draft: nothing stored")


finish(main)
