#!/usr/bin/env python3
"""Measures `bifrost dashboard` in a real browser (Playwright driving Debian's headless Chromium),
for Benchmarks/dashboard, which sets up the chain and the home first.

Usage: dashboard_bench.py SETTINGS_JSON MEASURED_JSON
SETTINGS_JSON: {"bin", "home", "rpc" (the counting proxy), "setup" (reference/safe_setup.py's
output), "proposals" (safeTxHashes queued in the home), "signers" (two owner key names),
"password", "pidFile" (a dashboard's pid is appended there while it runs, for the caller's
clean-up)}. Writes what it measured to MEASURED_JSON; the table is reference/dashboard_report.py's.

Phases, each dashboard a fresh `bifrost dashboard` process over the same home:
  A. the link (the Safe list), RSS; the Safe's home in a new tab: JSON-RPC round trips (the proxy's
     count, reset just before the navigation) and first paint; /settings (no chain) the same way;
     then 10 distinct pages open in 10 tabs, RSS again; then a CLI `safe sign` of each queued
     transaction with those 10 pages open (the page reloads fan out), timed to the Safe's home.
  B. only the Safe's home open: a CLI `safe sign` of each queued transaction, timed to the page.
  C. the first paint again, 5 fresh tabs each of the Safe's home and of /settings; then how many
     pages one browser profile can hold open.
Each tab of phase A has its own browser context (the session cookie copied into it): one profile
holds only 6 live pages of the dashboard (phase C measures that), and the RSS is the server's.
"""
import json
import os
import select
import signal
import socket
import subprocess
import sys
import time
import urllib.request

from playwright.sync_api import expect, sync_playwright

PAINT = """() => Object.fromEntries(performance.getEntriesByType('paint').map(e => [e.name, e.startTime]))"""
HAS_FCP = """() => performance.getEntriesByType('paint').some(e => e.name === 'first-contentful-paint')"""
NAVIGATION = """() => { const n = performance.getEntriesByType('navigation')[0];
  return {responseStart: n.responseStart, responseEnd: n.responseEnd,
          domContentLoaded: n.domContentLoadedEventEnd, load: n.loadEventEnd, bytes: n.transferSize}; }"""
# Records (in epoch milliseconds, the clock time.time() reads) when the queue row of `hash` first
# shows `want` confirmations. The page replaces #main's HTML on each server-sent render event.
WATCH = """([hash, wants]) => {
  window.__seen = null;
  const shows = () => {
    for (const row of document.querySelectorAll('#queue tr[data-tx]')) {
      if (row.dataset.tx.toLowerCase() !== hash) continue;
      const cell = row.querySelector('.confirmations');
      return cell !== null && wants.some((want) => cell.textContent.trim().startsWith(want));
    }
    return false;
  };
  if (window.__observer) window.__observer.disconnect();
  window.__observer = new MutationObserver(() => {
    if (window.__seen === null && shows()) window.__seen = performance.timeOrigin + performance.now();
  });
  window.__observer.observe(document.body, {childList: true, subtree: true, characterData: true});
  return shows();
}"""

settings = json.load(open(sys.argv[1]))
OUT = sys.argv[2]
BIN, HOME, RPC = settings["bin"], settings["home"], settings["rpc"]
SETUP = json.load(open(settings["setup"]))
SAFE = SETUP["safe"]
TOKEN_COUNT = len(SETUP["tokens"])
PROPOSALS = [h.lower() for h in settings["proposals"]]
SIGNERS = settings["signers"]
THRESHOLD = SETUP["threshold"]
ENV = {**os.environ, "BIFROST_HOME": HOME, "BIFROST_INSECURE_LIGHT_KDF": "1", "BIFROST_PASSWORD": settings["password"]}
ENV.pop("BIFROST_RPC_URL", None)
ENV.pop("BIFROST_NETWORK", None)


def say(text):
    print(f"    {text}", file=sys.stderr, flush=True)


def proxy(path):
    with urllib.request.urlopen(RPC + path, timeout=10) as response:
        return response.read().decode()


def proxy_count():
    return int(proxy("/count"))


def proxy_log():
    """The JSON-RPC methods of each round trip since the reset, and the node's time on each (ms)."""
    log = json.loads(proxy("/log"))
    return log["posts"], log.get("upstreamMs", [])


def wait_quiet(quiet=0.6, limit=20.0):
    """Waits until the dashboard has sent no JSON-RPC request for `quiet` seconds."""
    end = time.monotonic() + limit
    last, since = proxy_count(), time.monotonic()
    while time.monotonic() < end:
        time.sleep(0.1)
        now = proxy_count()
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            return
    say(f"the dashboard was still reading the chain after {limit:.0f} s")


def closed_port():
    """A local port nothing listens on: the rates API for the benchmark, refused at once."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


RATES_URL = f"http://127.0.0.1:{closed_port()}/api/v3"


class Dashboard:
    """One `bifrost dashboard` process: its link, its pid, its memory, and how it stops."""

    def __init__(self, name):
        self.name = name
        self.stderr = open(os.path.join(os.path.dirname(OUT), f"dashboard-{name}.err"), "w")
        self.process = subprocess.Popen(
            [BIN, "dashboard", "--no-open", "--port", "0", "--rpc-url", RPC, "--rates-url", RATES_URL],
            env=ENV, stdout=subprocess.PIPE, stderr=self.stderr, text=True)
        with open(settings["pidFile"], "a") as f:
            f.write(f"{self.process.pid}\n")
        ready, _, _ = select.select([self.process.stdout], [], [], 60)
        line = self.process.stdout.readline().strip() if ready else ""
        if not line.startswith("Dashboard: http://127.0.0.1:"):
            self.stop()
            raise SystemExit(f"dashboard {name} did not print its link: {line[:60]!r}")
        self.link = line.removeprefix("Dashboard: ")
        self.base = self.link.split("?")[0].rstrip("/")
        self.token = self.link.split("token=", 1)[1]

    def memory(self):
        """VmRSS and VmHWM (peak RSS) in KiB, from /proc."""
        values = {}
        with open(f"/proc/{self.process.pid}/status") as f:
            for line in f:
                key, _, rest = line.partition(":")
                if key in ("VmRSS", "VmHWM"):
                    values[key] = int(rest.split()[0])
        return {"rssKiB": values["VmRSS"], "hwmKiB": values["VmHWM"]}

    def stop(self, sig=signal.SIGTERM, grace=5.0):
        """Stops it with `sig`; kills it when it is still there after `grace` seconds. Says which."""
        if self.process.poll() is not None:
            return "already exited"
        self.process.send_signal(sig)
        try:
            self.process.wait(grace)
            outcome = f"exited on {signal.Signals(sig).name} (status {self.process.returncode})"
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            outcome = f"still running {grace:.0f} s after {signal.Signals(sig).name}: killed"
        self.stderr.close()
        return outcome


def paint(page):
    page.wait_for_function(HAS_FCP, timeout=15_000)
    entries = page.evaluate(PAINT)
    return {"firstPaintMs": entries.get("first-paint"), "firstContentfulPaintMs": entries.get("first-contentful-paint"),
            **{k + "Ms" if k != "bytes" else k: v for k, v in page.evaluate(NAVIGATION).items()}}


def new_tab(browser, cookies):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_cookies(cookies)
    return context, context.new_page()


def check_safe_home(page):
    """The page lists the ether row and exactly the 100 tokens of the setup, by symbol and contract."""
    rows = page.locator("#assets tbody tr")
    expect(rows).to_have_count(TOKEN_COUNT + 1, timeout=5_000)
    texts = rows.all_inner_texts()
    symbols = {t.split("\t")[0].strip() for t in texts[1:]}
    wanted = {f"SIT{i:03d}" for i in range(TOKEN_COUNT)}
    if symbols != wanted or not texts[0].startswith("ETH"):
        raise SystemExit(f"the Safe's home does not list the {TOKEN_COUNT} tokens: {sorted(symbols ^ wanted)[:5]}")
    html = page.locator("#assets").inner_html().lower()
    missing = [t for t in SETUP["tokens"] if t.lower() not in html]
    if missing:
        raise SystemExit(f"the Safe's home lacks token contracts such as {missing[0]}")
    return len(texts) - 1


def sign_and_watch(page, key, owner_count):
    """`bifrost safe sign` of each queued transaction with `key`, timed until `page` (the Safe's
    home) shows its new confirmation count. Returns one record per signature."""
    runs = []
    for tx in PROPOSALS:
        # The last signature the threshold needs shows "ready to execute" at the Safe's nonce and
        # "confirmed · waits for nonce N" after it, rather than a count.
        want = [f"{owner_count} of {THRESHOLD}"] if owner_count < THRESHOLD else ["ready to execute", "confirmed"]
        if page.evaluate(WATCH, [tx, want]):
            raise SystemExit(f"{tx} already shows {want} before the signature")
        wait_quiet()
        proxy("/reset")
        started = time.time()
        result = subprocess.run([BIN, "safe", "sign", tx, "--key", key, "--json"], env=ENV, capture_output=True, text=True)
        cli_done = time.time()
        if result.returncode != 0:
            raise SystemExit(f"bifrost safe sign failed: {result.stderr.strip()[:300]}")
        page.wait_for_function("() => window.__seen !== null", timeout=30_000)
        seen = page.evaluate("() => window.__seen") / 1000
        wait_quiet()
        _, node_ms = proxy_log()
        runs.append({"safeTxHash": tx, "shownMs": round((seen - started) * 1000, 1),
                     "cliMs": round((cli_done - started) * 1000, 1), "afterCliMs": round((seen - cli_done) * 1000, 1),
                     "dashboardRoundTrips": proxy_count(), "nodeMs": node_ms})
        say(f"{key} signed {tx[:10]}…: shown after {runs[-1]['shownMs']:.0f} ms (CLI {runs[-1]['cliMs']:.0f} ms); "
            f"the dashboard then made {runs[-1]['dashboardRoundTrips']} JSON-RPC round trips")
    return runs


def phase_a(browser, measured):
    say("A: the link, the Safe's home (first load), /settings, then 10 pages")
    dash = Dashboard("a")
    stops = {}
    try:
        first_context = browser.new_context(viewport={"width": 1280, "height": 900})
        first = first_context.new_page()
        proxy("/reset")
        first.goto(dash.link)  # the token is traded for the cookie; lands on the Safe list
        expect(first.locator("h1")).to_have_text("Safes")
        expect(first.locator("tr[data-safe]")).to_have_count(1)
        paint(first)
        link_trips = proxy_count()
        time.sleep(1.0)
        memory_1 = dash.memory()
        cookies = first_context.cookies()
        contexts = [first_context]
        opened = [{"path": "/", "title": first.locator("h1").inner_text()}]

        wait_quiet()
        proxy("/reset")
        context, home = new_tab(browser, cookies)
        contexts.append(context)
        clock = time.monotonic()
        home.goto(f"{dash.base}/safes/{SAFE}", wait_until="load")
        load_s = time.monotonic() - clock
        trips, (log, node_ms) = proxy_count(), proxy_log()
        home_paint = paint(home)
        listed = check_safe_home(home)
        time.sleep(1.0)
        late = proxy_count() - trips
        opened.append({"path": "/safes/SAFE", "title": home.locator("h1").inner_text()})
        say(f"Safe's home: {trips} round trips, first contentful paint {home_paint['firstContentfulPaintMs']:.0f} ms, "
            f"{listed} tokens listed")

        proxy("/reset")
        context, page = new_tab(browser, cookies)
        contexts.append(context)
        page.goto(f"{dash.base}/settings", wait_until="load")
        expect(page.locator("h1")).to_have_text("Settings")
        settings_paint = paint(page)
        settings_trips = proxy_count()
        opened.append({"path": "/settings", "title": "Settings"})

        more = ["/rates", f"/safes/{SAFE}/new"] + [f"/tx/{h}" for h in PROPOSALS]
        for path in more:
            context, page = new_tab(browser, cookies)
            contexts.append(context)
            page.goto(dash.base + path, wait_until="load")
            opened.append({"path": path.replace(SAFE, "SAFE"), "title": page.locator("h1").first.inner_text()})
        time.sleep(1.0)
        wait_quiet()
        memory_10 = dash.memory()
        say(f"RSS with 1 page {memory_1['rssKiB'] / 1024:.1f} MiB, with {len(opened)} pages {memory_10['rssKiB'] / 1024:.1f} MiB")

        say(f"signatures with {len(opened)} pages open")
        signs_10 = sign_and_watch(home, SIGNERS[0], 1)
        memory_after = dash.memory()
        for c in contexts:
            c.close()
        time.sleep(0.5)
        stops["a"] = dash.stop(signal.SIGINT)
    finally:
        dash.stop(signal.SIGKILL, 1)
    measured.update({
        "linkRoundTrips": link_trips,
        "safeHome": {"roundTrips": trips, "lateRoundTrips": late, "log": log, "nodeMs": node_ms, "loadSeconds": round(load_s, 3),
                     "tokensListed": listed, **home_paint},
        "settings": {"roundTrips": settings_trips, **settings_paint},
        "memory": {"onePage": memory_1, "tenPages": memory_10, "afterSignatures": memory_after, "pages": opened},
        "signaturesTenPages": signs_10,
        "stop": stops,
    })


def phase_b(browser, measured):
    say("B: only the Safe's home open; a CLI signature of each queued transaction")
    dash = Dashboard("b")
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        home = context.new_page()
        # Trade the token on the Safe's home itself, so that no other page is open in this process.
        home.goto(f"{dash.base}/safes/{SAFE}?token={dash.token}", wait_until="load")
        check_safe_home(home)
        renders = home.locator("body").get_attribute("data-renders")
        signs = sign_and_watch(home, SIGNERS[1], 2)
        if home.locator("body").get_attribute("data-renders") == renders:
            raise SystemExit("the page did not update over its live stream")
        # The link's token works once; the session cookie carries over to the next context.
        session = context.cookies()
        context.close()

        say("C: first paint again, 5 fresh tabs each of the Safe's home and /settings")
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.add_cookies(session)
        page = context.new_page()
        page.goto(f"{dash.base}/settings", wait_until="load")
        cookies = context.cookies()
        page.close()
        repeats = {"safeHome": [], "settings": []}
        for _ in range(5):
            for name, path in (("safeHome", f"/safes/{SAFE}"), ("settings", "/settings")):
                wait_quiet()
                proxy("/reset")
                page = context.new_page()
                page.goto(dash.base + path, wait_until="load")
                record = paint(page)
                record["roundTrips"] = proxy_count()
                if name == "safeHome":
                    check_safe_home(page)
                repeats[name].append(record)
                page.close()  # frees its live connection: one profile holds only 6
        context.close()

        say("C: how many pages one browser profile holds open")
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.add_cookies(cookies)
        held = 0
        stalled = None
        live = []  # the live streams' answers, as the browser saw them
        for i in range(7):
            page = context.new_page()
            page.on("response", lambda r: live.append(r.status) if "/live/" in r.url else None)
            try:
                page.goto(f"{dash.base}/settings", wait_until="load", timeout=3_000)
                held += 1
            except Exception:  # Playwright's TimeoutError
                stalled = i + 1
                break
            time.sleep(0.3)  # its live stream connects once the page has loaded
        context.close()
        time.sleep(0.5)
        stop = dash.stop(signal.SIGTERM)
    finally:
        dash.stop(signal.SIGKILL, 1)
    measured.update({"signaturesOnePage": signs, "paintRepeats": repeats,
                     "oneProfile": {"loaded": held, "stalledAt": stalled, "timeoutMs": 3000, "liveStreams": live}})
    measured["stop"]["b"] = stop


def main():
    measured = {"bin": BIN, "tokens": TOKEN_COUNT, "proposals": len(PROPOSALS), "safe": SAFE, "rpc": RPC,
                "loadAverageBefore": os.getloadavg()}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        measured["chromium"] = browser.version
        try:
            phase_a(browser, measured)
            phase_b(browser, measured)
        finally:
            browser.close()
    measured["loadAverageAfter"] = os.getloadavg()
    with open(OUT, "w") as f:
        json.dump(measured, f, indent=1)


main()
