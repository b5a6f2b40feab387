"""Proposers by clicks, against `bifrost serve`: an owner adds a proposer on the Safe's Proposers
page, the proposer proposes from the CLI with its own key and the server takes it as the owner's,
and the owner removes it by clicks.

Run: .venv-browser/bin/python Tests/Browser/proposers_story.py BIN DEPLOYMENTS SHOTS DEVNET_PYTHON
"""

import http.client
import json
import re
import subprocess
import urllib.parse

from playwright.sync_api import expect, sync_playwright

from story_support import (ALICE, BOB, DAVE, BIN, PASSWORD, browser_page, check, cli, create_safe, finish, home_env, import_cli_key,
                           new_home, servers, settled, shot, start_dashboard)


def start_serve(home):
    process = subprocess.Popen([BIN, "serve", "--network", "devnet", "--listen", "127.0.0.1:0", "--follow-interval", "0"],
                               env=home_env(home), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    servers.append(process)
    found = re.search(r"http://127\.0\.0\.1:[0-9]+", process.stdout.readline().strip())
    check(found is not None, "bifrost serve says where it is")
    return found.group(0)


def served_delegates(url, safe):
    parsed = urllib.parse.urlparse(url)
    connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=10)
    connection.request("GET", f"/api/v2/delegates/?safe={safe}")
    return json.loads(connection.getresponse().read())["results"]


def main():
    home = new_home("proposers")
    import_cli_key(home, "alice", ALICE)
    import_cli_key(home, "bot", DAVE)
    for salt in range(41500, 41600):  # this area's salts; a rerun on one chain takes the next free one
        try:
            safe = create_safe(home, "alice", [ALICE["address"], BOB["address"]], 1, salt)
            break
        except AssertionError as error:
            if "already exists" not in str(error) or salt == 41599:
                raise
    url = start_serve(home)
    link = start_dashboard(home, "--service-url", url)
    with sync_playwright() as p:
        page = browser_page(p, "proposers")
        page.goto(link)
        page.goto(link.split("?")[0] + "safes/" + safe)
        page.locator("#proposers-link").click()
        expect(page.locator("h1")).to_have_text("Proposers")
        expect(page.locator("#no-proposers")).to_have_count(1)
        page.get_by_label("Proposer").fill(DAVE["address"])
        page.get_by_label("Label").fill("payroll bot")
        page.locator("#proposers form").last.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Add proposer").click()
        row = page.locator(f"tr[data-delegate='{DAVE['address']}']")
        expect(row).to_contain_text("payroll bot", timeout=15_000)
        settled(page)
        shot(page, "proposers-added")
        listed = served_delegates(url, safe)
        check([(d["delegate"], d["delegator"], d["label"]) for d in listed] == [(DAVE["address"], ALICE["address"], "payroll bot")],
              f"the server holds the proposer Alice added by clicks: {listed}")

        sent = json.loads(cli(home, "safe", "propose", safe, "--to", BOB["address"], "--value", "0.01ether", "--key", "bot",
                              "--service-url", url, "--json"))
        check(sent["service"]["sender"] == DAVE["address"] and sent["service"]["delegator"] == ALICE["address"],
              "the proposer's proposal from the CLI is taken as Alice's")

        row.get_by_label("Password").fill(PASSWORD)
        row.get_by_role("button", name="Remove").click()
        expect(page.locator("#proposer-changed")).to_contain_text("Removed", timeout=15_000)
        expect(page.locator("#no-proposers")).to_have_count(1)
        settled(page)
        check(served_delegates(url, safe) == [], "removed by clicks, the server lists no proposer")


finish(main)
