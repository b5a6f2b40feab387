#!/usr/bin/env python3
"""A JSON-RPC HTTP proxy on 127.0.0.1 that forwards to the devnet and counts HTTP round trips.

Usage: counting_proxy.py LISTEN_PORT UPSTREAM_URL
GET /count answers the number of POSTs forwarded so far; GET /reset sets it to zero. Both clients
of the balances benchmark go through it, so their round trips are counted the same way.
"""
import sys
import threading
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

count = 0
lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def _reply(self, status, body, content_type="application/json"):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        global count
        with lock:
            if self.path == "/reset":
                count = 0
            body = str(count).encode()
        self._reply(200, body, "text/plain")

    def do_POST(self):
        global count
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        with lock:
            count += 1
        request = urllib.request.Request(UPSTREAM, data=body, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as response:
            self._reply(response.status, response.read())


if __name__ == "__main__":
    UPSTREAM = sys.argv[2]
    ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
