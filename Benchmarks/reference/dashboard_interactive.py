#!/usr/bin/env python3
"""Time to interactive of three dashboard steps, for two bifrost binaries side by side on the same
home (the dashboard benchmark's): `after` (the build measured) and `before` (a reference build,
e.g. the commit before a change). Each round starts one dashboard of each, alternately, so the
machine's load falls on both alike, and measures in a fresh browser context:

  - the Safe's home: from the navigation's start until the page has loaded (its script ran) and
    shows the queue;
  - the new-transaction form: the same, until the Review button shows;
  - a tab switch: from the click on the "Add an owner" kind until its "New owner" field shows.

Usage: dashboard_interactive.py SETTINGS_JSON BEFORE_BIN OUT_JSON [ROUNDS]
Writes {"after": {...}, "before": {...}} with the median and every sample of each measure in ms.
"""
import json
import os
import select
import socket
import statistics
import subprocess
import sys
import time

from playwright.sync_api import expect, sync_playwright

settings = json.load(open(sys.argv[1]))
BINS = {"after": settings["bin"], "before": os.path.abspath(sys.argv[2])}
OUT = sys.argv[3]
ROUNDS = int(sys.argv[4]) if len(sys.argv) > 4 else 5
SAFE = json.load(open(settings["setup"]))["safe"]
ENV = {**os.environ, "BIFROST_HOME": settings["home"], "BIFROST_INSECURE_LIGHT_KDF": "1", "BIFROST_PASSWORD": settings["password"]}


def closed_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(bin):
    process = subprocess.Popen([bin, "dashboard", "--no-open", "--port", "0", "--rpc-url", settings["rpc"],
                                "--rates-url", f"http://127.0.0.1:{closed_port()}/api/v3"],
                               env=ENV, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    with open(settings["pidFile"], "a") as f:
        f.write(f"{process.pid}\n")
    ready, _, _ = select.select([process.stdout], [], [], 60)
    line = process.stdout.readline().strip() if ready else ""
    if not line.startswith("Dashboard: http://127.0.0.1:"):
        process.kill()
        raise SystemExit(f"{bin}: the dashboard did not print its link: {line[:60]!r}")
    return process, line.removeprefix("Dashboard: ")


def timed(action):
    started = time.perf_counter()
    action()
    return (time.perf_counter() - started) * 1000


def loaded(page, url, ready):
    page.goto(url, wait_until="load")
    expect(ready).to_be_visible(timeout=20_000)


def measure(browser, bin):
    process, link = start(bin)
    base = link.split("?")[0]
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(link)
        home = timed(lambda: loaded(page, f"{base}safes/{SAFE}", page.locator("#queue")))
        form = timed(lambda: loaded(page, f"{base}safes/{SAFE}/new", page.get_by_role("button", name="Review")))
        tab = timed(lambda: (page.locator(".kinds").get_by_text("Add an owner", exact=True).click(),
                             expect(page.get_by_label("New owner")).to_be_visible(timeout=20_000)))
        context.close()
        return {"homeMs": home, "formMs": form, "tabSwitchMs": tab}
    finally:
        process.terminate()
        process.wait(10)


def main():
    samples = {name: [] for name in BINS}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        try:
            for round in range(ROUNDS):
                # Alternate which goes first, so neither always meets a warm or a cold cache.
                for name in (["after", "before"] if round % 2 == 0 else ["before", "after"]):
                    samples[name].append(measure(browser, BINS[name]))
        finally:
            browser.close()
    result = {}
    for name, runs in samples.items():
        result[name] = {"bin": BINS[name], "samples": runs,
                        **{key: statistics.median(r[key] for r in runs) for key in ("homeMs", "formMs", "tabSwitchMs")}}
    with open(OUT, "w") as f:
        json.dump(result, f, indent=1)


main()
