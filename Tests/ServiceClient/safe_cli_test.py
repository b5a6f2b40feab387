#!/usr/bin/env python3
"""safe-cli (PyPI) in its tx-service mode against `bifrost serve` on the local chain: three
sessions of safe-cli's own prompt (safe_cli_session.py says what stands in, and why), each
followed by what the server then holds, read back through its API.

1. Owner 1 proposes two ether payments (`send_ether`, the second with `--safe-nonce`), adds a
   delegate, proposes an EIP-712 message (`sign_message --eip712_path`) and lists delegates and
   the history.
2. Owner 2 signs the first payment (`sign-tx`), executes it (`execute-tx`), lists the balances and
   signs the message (`confirm_message`).
3. Owner 1 removes the second proposal (`remove_proposed_transaction`) and the delegate.

(safe-cli's `sign_message --eip191_message` reads its text with input() after prompt_toolkit has
read stdin to its end, so a text message cannot be fed this way; the EIP-712 file can.)

Usage: safe_cli_test.py SERVER_URL RPC_URL SAFE SINGLETON OWNER_KEY_1 OWNER_KEY_2 API_KEY
(the Safe is 2-of-3 with the two owners; it holds some ether). Prints each check; exits 1 at the
first failure.
"""
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

from eth_account import Account
from web3 import Web3

from client_checks import check, count

here = os.path.dirname(os.path.abspath(__file__))


def main(server, rpc, safe, singleton, key1, key2, api_key):
    w3 = Web3(Web3.HTTPProvider(rpc))
    owner1, owner2 = Account.from_key(key1).address, Account.from_key(key2).address
    recipient, delegate = Account.create().address, Account.create().address

    def get(path):
        """(status, JSON or None) of a GET on the server."""
        try:
            with urllib.request.urlopen(server + path, timeout=10) as answer:
                return answer.status, json.load(answer)
        except urllib.error.HTTPError as error:
            return error.code, None

    def session(*commands):
        """One safe-cli session in tx-service mode: the commands on its stdin, then `exit`."""
        env = dict(os.environ, BIFROST_SERVE_URL=server, SAFE_CLI_SINGLETON=singleton, SAFE_TRANSACTION_SERVICE_API_KEY=api_key,
                   SAFE_CLI_CHAIN_ID=str(w3.eth.chain_id), PYTEST_CURRENT_TEST="bifrost serve-client-test", NO_COLOR="1")
        script = "\n".join(("tx-service",) + commands + ("exit",)) + "\n"
        run = subprocess.run([sys.executable, os.path.join(here, "safe_cli_session.py"), safe, rpc], input=script,
                             capture_output=True, text=True, timeout=180, env=env)
        if run.returncode != 0 or "Traceback" in run.stdout + run.stderr:
            print(run.stdout[-3000:], run.stderr[-3000:], sep="\n", file=sys.stderr)
        check(run.returncode == 0 and "Traceback" not in run.stdout + run.stderr, f"safe-cli ran {', '.join(c.split()[0] for c in commands)}")
        return run.stdout

    def pending_to_recipient():
        status, page = get(f"/api/v2/safes/{safe}/multisig-transactions/?executed=false&limit=200")
        check(status == 200, "the server lists the Safe's pending transactions")
        return {t["value"]: t for t in page["results"] if t["to"] == recipient}

    nonce = w3.eth.contract(address=safe, abi=[{"name": "nonce", "type": "function", "inputs": [], "stateMutability": "view",
                                                 "outputs": [{"name": "", "type": "uint256"}]}]).functions.nonce().call()

    typed = {"types": {"EIP712Domain": [{"name": "name", "type": "string"}, {"name": "chainId", "type": "uint256"}],
                       "Note": [{"name": "text", "type": "string"}, {"name": "amount", "type": "uint256"}]},
             "primaryType": "Note", "domain": {"name": "safe-cli against bifrost serve", "chainId": w3.eth.chain_id},
             "message": {"text": f"for {recipient}", "amount": 1234}}
    typed_file = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False)
    json.dump(typed, typed_file)
    typed_file.close()

    # 1. Owner 1 proposes two payments, adds a delegate and proposes a message.
    out = session(f"load_cli_owners {key1}", f"send_ether {recipient} 1234", f"send_ether --safe-nonce {nonce + 1} {recipient} 777",
                  f"add_delegate {delegate} bifrost-cli {owner1}", f"sign_message --eip712_path {typed_file.name}", "get_delegates",
                  "history")
    os.unlink(typed_file.name)
    check("Mode not supported" not in out and "tx-service >" in out, "safe-cli entered tx-service mode on bifrost serve's URL")
    check(out.count("was sent to Safe Transaction service") == 2, "safe-cli reports both proposals sent")
    held = pending_to_recipient()
    check(sorted(held) == ["1234", "777"], f"the server holds both proposals: values {sorted(held)}")
    first, second = held["1234"], held["777"]
    check((first["nonce"], second["nonce"]) == (str(nonce), str(nonce + 1)), f"at nonces {nonce} and {nonce + 1}, as safe-cli chose them")
    check(all(t["proposer"] == owner1 and [c["owner"] for c in t["confirmations"]] == [owner1] for t in (first, second)),
          "each proposed by owner 1, with owner 1's confirmation")
    check(first["origin"] is not None and first["data"] is None and first["operation"] == 0, f"a plain call: data {first['data']}, origin {first['origin']}")
    status, delegates = get(f"/api/v2/delegates/?safe={safe}")
    check(status == 200 and [(d["delegate"], d["delegator"], d["label"]) for d in delegates["results"] if d["delegate"] == delegate]
          == [(delegate, owner1, "bifrost-cli")],
          "the server holds safe-cli's delegate, for owner 1, with its label")
    check(delegate in out, "safe-cli's get_delegates shows it")
    check(first["safeTxHash"] in out and second["safeTxHash"] in out, "safe-cli's history shows both safeTxHashes")
    status, messages = get(f"/api/v1/safes/{safe}/messages/")
    ours = [m for m in messages["results"] if m["message"] == typed] if status == 200 else []
    check(len(ours) == 1 and ours[0]["proposedBy"] == owner1 and [c["owner"] for c in ours[0]["confirmations"]] == [owner1]
          and ours[0]["preparedSignature"] is None, "the server holds safe-cli's EIP-712 message, proposed and signed by owner 1")
    message_hash = ours[0]["messageHash"]

    # 2. Owner 2 signs and executes the first; the follower then reports it executed.
    out = session(f"load_cli_owners {key2}", f"sign-tx {first['safeTxHash']}", f"execute-tx {first['safeTxHash']}", "balances",
                  f"confirm_message {message_hash} {owner2}")
    check("signatures were submitted to the tx service" in out, "safe-cli reports owner 2's signature submitted")
    status, got = get(f"/api/v2/multisig-transactions/{first['safeTxHash']}/")
    check(status == 200 and [c["owner"] for c in got["confirmations"]] == [owner1, owner2], "the server holds both owners' confirmations, in order")
    check(w3.eth.get_balance(recipient) == 1234, "safe-cli's execute-tx paid the recipient on chain")
    for _ in range(100):
        status, got = get(f"/api/v2/multisig-transactions/{first['safeTxHash']}/")
        if got and got["isExecuted"]:
            break
        time.sleep(0.1)
    check(got["isExecuted"] and got["isSuccessful"] is True, "the server's follower reports it executed and successful")
    receipt = w3.eth.get_transaction_receipt(got["transactionHash"])
    check(receipt["status"] == 1 and receipt["to"] == safe and got["executor"] == owner2,
          f"its transactionHash is owner 2's execution on chain: {got['transactionHash']}")
    # safe-cli prints the ether as f"{wei / 10**18:.5f}", which tabulate then reads as a number.
    ether = float(f"{w3.eth.get_balance(safe) / 10 ** 18:.5f}")
    shown = [float(line.split()[1]) for line in out.splitlines() if line.split()[:1] == ["ETHER"]]
    check(shown == [ether], f"safe-cli's balances show the Safe's ether from the server: {shown}, on chain {ether}")

    status, message = get(f"/api/v1/messages/{message_hash}/")
    check(status == 200 and [c["owner"] for c in message["confirmations"]] == [owner1, owner2] and message["preparedSignature"],
          "the server holds owner 2's signature of the message too, and the prepared signature")

    # 3. Owner 1 removes the second proposal and the delegate.
    out = session(f"load_cli_owners {key1}", f"remove_proposed_transaction {second['safeTxHash']}", f"remove_delegate {delegate} {owner1}",
                  "get_delegates")
    check("was removed correctly" in out, "safe-cli reports the proposal removed")
    status, _ = get(f"/api/v2/multisig-transactions/{second['safeTxHash']}/")
    check(status == 404, f"the server no longer holds it: {status}")
    status, delegates = get(f"/api/v2/delegates/?safe={safe}")
    check(status == 200 and delegate not in [d["delegate"] for d in delegates["results"]], "the server no longer holds the delegate")
    check(delegate not in out.split("get_delegates")[-1], "safe-cli's get_delegates no longer shows it")

    print(f"safe-cli: {count()} checks passed")


if __name__ == "__main__":
    main(*sys.argv[1:8])
