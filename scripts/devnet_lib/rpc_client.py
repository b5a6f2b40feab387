"""A tiny stdlib JSON-RPC client, used by the deployer and the self-test (no web3 needed)."""

import itertools
import json
import time
import urllib.error
import urllib.request


class RpcCallError(Exception):
    def __init__(self, error):
        super().__init__(f"{error.get('code')}: {error.get('message')}")
        self.code = error.get("code")
        self.message = error.get("message")
        self.data = error.get("data")


class RpcClient:
    def __init__(self, url, timeout=30):
        self.url = url
        self.timeout = timeout
        self._ids = itertools.count(1)

    def post(self, payload):
        request = urllib.request.Request(
            self.url,
            data=json.dumps(payload).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=self.timeout) as response:
            return json.loads(response.read())

    def call(self, method, *params):
        answer = self.post({"jsonrpc": "2.0", "id": next(self._ids), "method": method, "params": list(params)})
        if "error" in answer:
            raise RpcCallError(answer["error"])
        return answer["result"]

    def batch(self, calls):
        """calls: [(method, [params])]; returns the raw answers in request order."""
        requests = [
            {"jsonrpc": "2.0", "id": next(self._ids), "method": m, "params": p} for m, p in calls
        ]
        answers = {a["id"]: a for a in self.post(requests)}
        return [answers[r["id"]] for r in requests]

    def wait_ready(self, timeout_s, alive=lambda: True):
        """True once eth_chainId answers; polls because the server needs a moment to import.
        Gives up early, returning False, as soon as alive() says the server process is gone."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline and alive():
            try:
                self.call("eth_chainId")
                return True
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.1)
        return False
