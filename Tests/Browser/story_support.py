"""What every browser story shares: the local chain's accounts, a throwaway home per user, the
`bifrost` binary and its dashboard, the checks that count, the screenshots, and the teardown.

A story is a script Tests/Browser/*_story.py run by scripts/browser-test with the arguments
BIN DEPLOYMENTS SHOTS DEVNET_PYTHON; it imports this module, and ends with `finish(main)`.
"""

import json
import os
import re
import subprocess
import sys
import tempfile
import time

from playwright.sync_api import expect

BIN, DEPLOYMENTS, SHOTS, DEVNET_PYTHON = sys.argv[1:5]
deployments = json.load(open(DEPLOYMENTS))
RPC = deployments["rpcUrl"]
ACCOUNTS = deployments["accounts"]
ALICE, BOB, CAROL, DAVE = ACCOUNTS[0], ACCOUNTS[1], ACCOUNTS[2], ACCOUNTS[5]
PASSWORD = "dashboard-test-pw"



work = tempfile.mkdtemp(prefix="bifrost-browser-")
os.makedirs(SHOTS, exist_ok=True)
console_errors = []
dialogs = []
servers = []
checks = 0


def check(condition, what):
    global checks
    checks += 1
    if not condition:
        raise AssertionError(what)
    print(f"  ok: {what}")


def home_env(home):
    return {**os.environ, "BIFROST_HOME": home, "BIFROST_INSECURE_LIGHT_KDF": "1", "BIFROST_PASSWORD": PASSWORD}


def cli(home, *args):
    result = subprocess.run([BIN, *args], env=home_env(home), capture_output=True, text=True)
    if result.returncode != 0:
        raise AssertionError(f"bifrost {' '.join(args)} failed: {result.stderr.strip()}")
    return result.stdout


def start_dashboard(home, *extra):
    process = subprocess.Popen([BIN, "dashboard", "--no-open", *extra], env=home_env(home), stdout=subprocess.PIPE, text=True)
    servers.append(process)
    first = process.stdout.readline().strip()
    check(first.startswith("Dashboard: http://127.0.0.1:") and "?token=" in first, f"first line is the link: {first[:40]}…")
    return first.removeprefix("Dashboard: ")


def watch(page, name):
    page.on("console", lambda m: console_errors.append(f"{name}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: console_errors.append(f"{name}: {e}"))
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))


def settled(page, timeout=60_000):
    """Waits until the page shows no work in progress. A form's POST answers at once, and the page
    follows the work it started over its live updates: wait for the result before the next step."""
    expect(page.locator("#working")).to_have_count(0, timeout=timeout)


def shot(page, name):
    page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


def import_key(page, link, name, key):
    page.goto(link)
    expect(page).to_have_url(re.compile(r".*/onboarding$"))
    shot(page, "01-onboarding")
    page.get_by_role("button", name="Import a key").click()
    page.get_by_label("Name").fill(name)
    page.get_by_label("What you have").select_option("private-key")
    page.get_by_label("Private key (hex)").fill(key)
    page.get_by_label("New password").fill(PASSWORD)
    shot(page, "02-import-key")
    page.get_by_role("button", name="Import", exact=True).click()
    expect(page.locator("h1")).to_have_text("Safes")



RUN_SALT = int(time.time()) % 1_000_000 * 1_000


def new_home(name):
    """A fresh home, for one user, that knows the local chain as `devnet`."""
    home = os.path.join(work, name)
    cli(home, "network", "add", "devnet", "--rpc-url", RPC, "--deployments", DEPLOYMENTS)
    return home


def import_cli_key(home, name, account):
    cli(home, "key", "import", "--name", name, "--private-key-file", secret_file(account["privateKey"]))


def secret_file(text):
    handle, path = tempfile.mkstemp(dir=work)
    os.write(handle, text.encode())
    os.close(handle)
    return path


def create_safe(home, key, owners, threshold, salt):
    """Deploys a Safe from the CLI, paid by vault key `key`, funded with 1 ETH; its address."""
    # Each run on the same chain (a developer's devnet kept between runs) gets its own addresses.
    salt = salt + RUN_SALT
    created = json.loads(cli(home, "safe", "create", "--key", key, "--owners", ",".join(owners), "--threshold", str(threshold),
                             "--salt", str(salt), "--wait", "--json"))
    safe = created["safe"] if "safe" in created else created["address"]
    cli(home, "send", "--key", key, "--to", safe, "--value", "1ether", "--wait")
    return safe


def browser_page(p, name, width=1280, height=900):
    """A new page in its own context, watched for console errors and dialogs."""
    browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
    page = browser.new_context(accept_downloads=True, viewport={"width": width, "height": height}).new_page()
    watch(page, name)
    return page


def part(name, story, *args):
    """Runs one finding's story, unless BIFROST_STORY_PARTS names others (e.g. "10" or "2,6"): so
    each finding can be shown failing on a build from before it, on its own."""
    chosen = os.environ.get("BIFROST_STORY_PARTS")
    if chosen and name not in chosen.split(","):
        print(f"({name}) skipped: BIFROST_STORY_PARTS={chosen}")
        return None
    return story(*args)


def finish(main):
    """Runs the story, checks no page logged an error or opened a dialog, and stops every server."""
    try:
        main()
        check(not dialogs, f"no dialog opened: {dialogs}")
        check(not console_errors, f"no console errors: {console_errors}")
        print(f"{os.path.basename(sys.argv[0])}: {checks} checks passed")
    finally:
        for server in servers:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
