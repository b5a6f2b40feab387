#!/usr/bin/env python3
"""A JSON-RPC HTTP proxy on 127.0.0.1 that forwards to the devnet and counts HTTP round trips.

Usage: counting_proxy.py LISTEN_PORT UPSTREAM_URL
GET /count answers the number of POSTs forwarded so far; GET /reset sets it to zero. Both clients
of the balances benchmark go through it, so their round trips are counted the same way.
GET /log answers, as JSON, the JSON-RPC methods of each POST since the last reset (a batch is one
list), how long the node took to answer each ("upstreamMs", in the same order) and the outside
hosts a client tried to reach through this proxy (see below).

It doubles as the HTTP(S) forward proxy of the clients under test (HTTP_PROXY/HTTPS_PROXY pointed
here, NO_PROXY=127.0.0.1): a request for anywhere else is refused with 403 and its host recorded,
so a tool that calls out to the internet is seen, never reaches it, and is not counted as a round
trip to the node.
"""
import json
import sys
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

count = 0
methods = []
upstream_ms = []
external = []
generation = 0  # bumped by /reset, so a POST answered after a reset is not timed into the new log
lock = threading.Lock()


def method_names(body):
    try:
        message = json.loads(body)
    except ValueError:
        return "?"
    if isinstance(message, list):
        return [m.get("method", "?") if isinstance(m, dict) else "?" for m in message]
    return message.get("method", "?") if isinstance(message, dict) else "?"


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body go out in two writes; without TCP_NODELAY a kept-alive client waits ~40 ms
    # for the second (Nagle's algorithm meeting delayed ACKs).
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def _reply(self, status, body, content_type="application/json"):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _refuse_outside(self):
        with lock:
            external.append(f"{self.command} {self.path}")
        self.close_connection = True
        self._reply(403, b"counting_proxy: no outside access during the benchmark\n", "text/plain")

    def do_CONNECT(self):  # HTTPS through a forward proxy
        self._refuse_outside()

    def do_GET(self):
        global count, generation
        if self.path.startswith("http://"):  # plain HTTP through a forward proxy
            self._refuse_outside()
            return
        with lock:
            if self.path == "/reset":
                count = 0
                generation += 1
                methods.clear()
                upstream_ms.clear()
                external.clear()
            if self.path == "/log":
                body, kind = json.dumps({"posts": methods, "upstreamMs": upstream_ms, "external": external}).encode(), "application/json"
            else:
                body, kind = str(count).encode(), "text/plain"
        self._reply(200, body, kind)

    def do_POST(self):
        global count
        if self.path.startswith("http://"):
            self._refuse_outside()
            return
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        with lock:
            count += 1
            methods.append(method_names(body))
            slot, born = len(upstream_ms), generation
            upstream_ms.append(None)
        request = urllib.request.Request(UPSTREAM, data=body, headers={"Content-Type": "application/json"})
        started = time.monotonic()
        with urllib.request.urlopen(request, timeout=30) as response:
            answer = response.read()
        with lock:
            if born == generation:
                upstream_ms[slot] = round((time.monotonic() - started) * 1000, 1)
        self._reply(response.status, answer)


if __name__ == "__main__":
    UPSTREAM = sys.argv[2]
    ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
