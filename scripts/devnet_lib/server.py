"""HTTP front: serves JSON-RPC on 127.0.0.1 until SIGTERM/SIGINT.

Usage: python -m devnet_lib.server --port 8545
Prints "listening on http://127.0.0.1:PORT" once the socket accepts connections."""

import argparse
import logging
import signal
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from . import jsonrpc
from .node import Node

MAX_BODY = 16 * 1024 * 1024  # a Safe deployment is ~25 KB; anything near this is a mistake


class Handler(BaseHTTPRequestHandler):
    # HTTP/1.1 keeps connections open, so clients with connection pools (AsyncHTTPClient,
    # requests) reuse them; every answer therefore carries a Content-Length.
    protocol_version = "HTTP/1.1"
    # Headers and body go out in two writes; without TCP_NODELAY a kept-alive client waits ~40 ms
    # for the second (Nagle's algorithm meeting delayed ACKs).
    disable_nagle_algorithm = True
    server_version = "bifrost-devnet"
    node = None  # set in main()

    def do_POST(self):
        if "chunked" in (self.headers.get("Transfer-Encoding") or "").lower():
            body = self._read_chunked()
        else:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length <= MAX_BODY else None
        if body is None:
            self.close_connection = True  # the unread rest of the body would garble the next request
            self._send(413, b"request too large\n", "text/plain")
            return
        answer = jsonrpc.handle(self.node, body)
        self._send(200, answer or b"", "application/json")

    def _read_chunked(self):
        """Streaming clients may send the body chunked instead of with a Content-Length."""
        body = b""
        while True:
            size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
            if size == 0:
                while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                    pass  # trailers
                return body
            body += self.rfile.read(size)
            self.rfile.readline()  # the CRLF after each chunk
            if len(body) > MAX_BODY:
                return None

    def do_GET(self):
        # geth answers plain GETs with 200 too; handy as a liveness probe for curl.
        self._send(200, b"bifrost-devnet: POST JSON-RPC here\n", "text/plain")

    def _send(self, status, body, content_type):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        pass  # one line per request would drown the log; errors are logged in jsonrpc


def main():
    parser = argparse.ArgumentParser(description="Bifrost devnet JSON-RPC server")
    parser.add_argument("--port", type=int, default=8545)
    parser.add_argument("--host", default="127.0.0.1")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")

    Handler.node = Node()
    server = ThreadingHTTPServer((args.host, args.port), Handler)
    server.daemon_threads = True

    def stop(signum, frame):
        # shutdown() waits for serve_forever() to return, so it must run off the main thread.
        import threading

        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    print(f"listening on http://{args.host}:{args.port}", flush=True)
    server.serve_forever()
    server.server_close()
    print("stopped", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
