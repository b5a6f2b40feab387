#!/usr/bin/env python3
"""The requests of the serve benchmark (Benchmarks/serve), made before the load starts, and the
checks after it, against a Safe Transaction Service API (`bifrost serve`).

Runs with the devnet's Python (.venv-devnet) and its modules (PYTHONPATH=scripts:Benchmarks/reference):
the same dev keys, Safe artifacts and JSON-RPC client as scripts/devnet. The owners are the public
Hardhat dev accounts 0-4 (throwaway keys).

  serve_requests.py setup RPC_URL DEPLOYMENTS_JSON
      a fresh Safe 1.4.1 proxy, 2-of-5 over dev accounts 0-4; prints {"safe", "owners", "chainId",
      "nonce", "version"} as read back from the chain.
  serve_requests.py proposals SETUP_JSON N OUT
      N distinct proposals, nonces from the Safe's nonce upwards, each sent and signed by owner 0,
      as safe-eth-py's TransactionServiceApi.post_transaction sends them. OUT gets one request a
      line: "PATH<TAB>BODY" (the body is one line of JSON).
  serve_requests.py confirmations SETUP_JSON SERVER_URL OUT N
      N distinct confirmations of the first N/4 transactions the server lists (by nonce): each
      confirmed by owners 1-4, owner after owner; prints how many were written.
  serve_requests.py bare-confirmations SETUP_JSON PROPOSALS N OUT
      N confirmations (owner 1) of the first proposals in PROPOSALS, without a server: the same
      bodies for the bare endpoint, which stores nothing.
  serve_requests.py count SETUP_JSON SERVER_URL H
      prints {"transactions": the list's count, "confirmations": the stored confirmations of the
      first H transactions listed, "listed": how many were read, page by page}.
  serve_requests.py node-batch SETUP_JSON N OUT
      N copies of the one JSON-RPC batch `bifrost serve` sends the node for every request (the
      Safe's chain ID, code, version, owners, threshold, nonce, modules, fallback handler and guard
      slots, and its balance), as requests to "/": the node alone under the same load.
  serve_requests.py sequential SERVER_URL REQUESTS K
      POSTs the first K requests of REQUESTS one after the other; prints {"statuses", "medianMs"}.
"""
import json
import multiprocessing
import statistics
import sys
import time
import urllib.error
import urllib.request

from eth_abi import encode as abi_encode
from eth_account import Account
from eth_utils import keccak, to_checksum_address

from devnet_lib import accounts
from devnet_lib.rpc_client import RpcClient

OWNERS = 5
THRESHOLD = 2
ZERO = "0x" + "00" * 20
# From the Safe contracts (1.3.0 and later): the EIP-712 types a safeTxHash is made of.
DOMAIN_TYPEHASH = keccak(text="EIP712Domain(uint256 chainId,address verifyingContract)")
SAFE_TX_TYPEHASH = keccak(text="SafeTx(address to,uint256 value,bytes data,uint8 operation,uint256 safeTxGas,"
                               "uint256 baseGas,uint256 gasPrice,address gasToken,address refundReceiver,uint256 nonce)")


def owner_keys():
    return [a.key for a in accounts.dev_accounts()[:OWNERS]]


def read_call(client, safe, signature, types):
    from eth_abi import decode as abi_decode
    answer = client.call("eth_call", {"to": safe, "data": "0x" + keccak(text=signature)[:4].hex()}, "latest")
    return abi_decode(types, bytes.fromhex(answer[2:]))[0]


def setup(rpc_url, deployments_path):
    from safe_setup import Sender, create_safe  # the safe-info benchmark's Safe factory call
    with open(deployments_path) as f:
        contracts = json.load(f)["contracts"]
    client = RpcClient(rpc_url)
    sender = Sender(client, accounts.deployer())
    owners = [a.address for a in accounts.dev_accounts()[:OWNERS]]
    safe = create_safe(client, sender, contracts, owners, threshold=THRESHOLD)
    print(json.dumps({
        "safe": safe,
        "owners": [to_checksum_address(o) for o in read_call(client, safe, "getOwners()", ["address[]"])],
        "threshold": read_call(client, safe, "getThreshold()", ["uint256"]),
        "chainId": int(client.call("eth_chainId"), 16),
        "nonce": read_call(client, safe, "nonce()", ["uint256"]),
        "version": read_call(client, safe, "VERSION()", ["string"]),
    }))


def safe_tx_hash(chain_id, safe, tx):
    domain = keccak(abi_encode(["bytes32", "uint256", "address"], [DOMAIN_TYPEHASH, chain_id, safe]))
    fields = abi_encode(
        ["bytes32", "address", "uint256", "bytes32", "uint8", "uint256", "uint256", "uint256", "address", "address", "uint256"],
        [SAFE_TX_TYPEHASH, tx["to"], tx["value"], keccak(tx["data"]), tx["operation"], tx["safeTxGas"], tx["baseGas"],
         tx["gasPrice"], tx["gasToken"], tx["refundReceiver"], tx["nonce"]])
    return keccak(b"\x19\x01" + domain + keccak(fields))


def sign(key, digest):
    """An owner's ECDSA signature of a safeTxHash as Safe takes it: r, s, v (27 or 28)."""
    signed = Account.unsafe_sign_hash(digest, key)
    return signed.r.to_bytes(32, "big") + signed.s.to_bytes(32, "big") + bytes([signed.v])


def proposal_lines(job):
    """The request lines of proposals first..end-1 (one worker's part)."""
    s, first, end = job
    key = owner_keys()[0]
    sender = Account.from_key(key).address
    path = f"/api/v2/safes/{s['safe']}/multisig-transactions/"
    lines = []
    for i in range(first, end):
        # A payment of i+1 finney to its own recipient: as large as an everyday proposal.
        tx = {"to": to_checksum_address(keccak(i.to_bytes(8, "big"))[-20:]), "value": (i + 1) * 10**15, "data": b"",
              "operation": 0, "safeTxGas": 0, "baseGas": 0, "gasPrice": 0, "gasToken": ZERO,
              "refundReceiver": ZERO, "nonce": s["nonce"] + i}
        digest = safe_tx_hash(s["chainId"], s["safe"], tx)
        body = dict(tx, data=None, contractTransactionHash="0x" + digest.hex(), sender=sender,
                    signature="0x" + sign(key, digest).hex(), origin="bifrost-serve-bench")
        lines.append(path + "\t" + json.dumps(body, separators=(",", ":")) + "\n")
    return "".join(lines)


def proposals(setup_path, n, out_path):
    s = json.load(open(setup_path))
    step = 500
    jobs = [(s, first, min(first + step, n)) for first in range(0, n, step)]
    with multiprocessing.Pool() as pool, open(out_path, "w") as out:
        for part in pool.imap(proposal_lines, jobs):
            out.write(part)


def node_batch(setup_path, n, out_path):
    safe = json.load(open(setup_path))["safe"]

    def call(signature, types=(), args=()):
        data = keccak(text=signature)[:4] + abi_encode(list(types), list(args))
        return "eth_call", [{"to": safe, "data": "0x" + data.hex()}, "latest"]

    def slot(name):
        return "eth_getStorageAt", [safe, "0x" + keccak(text=name).hex(), "latest"]

    calls = [("eth_chainId", []), ("eth_getCode", [safe, "latest"]), call("VERSION()"), call("getOwners()"),
             call("getThreshold()"), call("nonce()"),
             call("getModulesPaginated(address,uint256)", ["address", "uint256"], ["0x" + "00" * 19 + "01", 50]),
             slot("fallback_manager.handler.address"), slot("guard_manager.guard.address"), ("eth_getBalance", [safe, "latest"])]
    body = json.dumps([{"jsonrpc": "2.0", "id": i, "method": m, "params": p} for i, (m, p) in enumerate(calls)],
                      separators=(",", ":"))
    with open(out_path, "w") as out:
        out.write(("/\t" + body + "\n") * n)


def get_json(url):
    with urllib.request.urlopen(url, timeout=60) as answer:
        return json.load(answer)


def stored(setup_path, server, most):
    """The list's count and the first `most` transactions the server lists for the Safe, page by
    page. Not all of them: each page costs bifrost serve time in proportion to all it stores."""
    s = json.load(open(setup_path))
    url = f"{server}/api/v2/safes/{s['safe']}/multisig-transactions/?limit=200&offset="
    first = get_json(url + "0")
    results = list(first["results"])[:most]
    while len(results) < min(first["count"], most):
        page = get_json(url + str(len(results)))["results"]
        if not page:
            break
        results += page[:most - len(results)]
    return first["count"], results


def confirmation_line(tx_hash, key):
    digest = bytes.fromhex(tx_hash.removeprefix("0x"))
    body = {"signature": "0x" + sign(key, digest).hex()}
    return f"/api/v1/multisig-transactions/0x{digest.hex()}/confirmations/\t" + json.dumps(body, separators=(",", ":")) + "\n"


def confirmation_lines(job):
    hashes, owner = job
    key = owner_keys()[owner]
    return "".join(confirmation_line(h, key) for h in hashes)


def confirmations(setup_path, server, out_path, n):
    _, results = stored(setup_path, server, -(-n // (OWNERS - 1)))
    hashes = [t["safeTxHash"] for t in results]
    wanted = [(h, owner) for owner in range(1, OWNERS) for h in hashes][:n]
    jobs = split_by_owner(wanted, 500)
    with multiprocessing.Pool() as pool, open(out_path, "w") as out:
        for part in pool.imap(confirmation_lines, jobs):
            out.write(part)
    print(len(wanted))


def split_by_owner(wanted, size):
    """(hashes, owner) parts of at most `size`, each of one owner, in order."""
    parts = []
    for h, owner in wanted:
        if not parts or parts[-1][1] != owner or len(parts[-1][0]) == size:
            parts.append(([], owner))
        parts[-1][0].append(h)
    return parts


def bare_confirmations(setup_path, proposals_path, n, out_path):
    key = owner_keys()[1]
    with open(proposals_path) as src, open(out_path, "w") as out:
        for i, line in enumerate(src):
            if i >= n:
                break
            out.write(confirmation_line(json.loads(line.split("\t", 1)[1])["contractTransactionHash"], key))


def count(setup_path, server, most):
    total, results = stored(setup_path, server, most)
    print(json.dumps({"transactions": total, "listed": len(results),
                      "confirmations": sum(len(t["confirmations"]) for t in results)}))


def sequential(server, requests_path, k):
    statuses, times = {}, []
    with open(requests_path) as f:
        lines = [next(f) for _ in range(k)]
    for line in lines:
        path, body = line.rstrip("\n").split("\t", 1)
        request = urllib.request.Request(server + path, data=body.encode(), headers={"Content-Type": "application/json"})
        t0 = time.perf_counter()
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                answer.read()
                status = answer.status
        except urllib.error.HTTPError as error:
            status = error.code
        times.append((time.perf_counter() - t0) * 1000)
        statuses[str(status)] = statuses.get(str(status), 0) + 1
    print(json.dumps({"statuses": statuses, "medianMs": round(statistics.median(times), 2)}))


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    if command == "setup":
        setup(*args)
    elif command == "proposals":
        proposals(args[0], int(args[1]), args[2])
    elif command == "confirmations":
        confirmations(args[0], args[1], args[2], int(args[3]))
    elif command == "bare-confirmations":
        bare_confirmations(args[0], args[1], int(args[2]), args[3])
    elif command == "count":
        count(args[0], args[1], int(args[2]))
    elif command == "node-batch":
        node_batch(args[0], int(args[1]), args[2])
    elif command == "sequential":
        sequential(args[0], args[1], int(args[2]))
    else:
        sys.exit(f"serve_requests.py: unknown command {command} (see the header)")
