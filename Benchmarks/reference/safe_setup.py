#!/usr/bin/env python3
"""Sets up the chain for the safe-info benchmark on a running devnet: a Safe 1.4.1 (SafeL2
singleton) proxy made through the devnet's proxy factory, owned 2-of-3 by dev accounts 0, 1 and 2,
holding ether and N distinct ERC-20 tokens (each token mints its whole supply to the Safe in its
constructor, which emits the usual Transfer(0x0, safe, amount) event).

Runs with the devnet's Python (.venv-devnet) and its own modules (PYTHONPATH=scripts): the same
artifacts, dev keys and JSON-RPC client as scripts/devnet. Everything is sent by the deployer key
(HD index 10), so the ten dev accounts stay as the devnet created them.

Usage: PYTHONPATH=scripts .venv-devnet/bin/python safe_setup.py RPC_URL DEPLOYMENTS_JSON N
Prints one line of JSON: {"safe", "singleton", "owners", "threshold", "ether" (wei), "tokens":
[addresses], "tokenBalances": [the Safe's balance of each, in base units]}; token i holds 10^24 + i.
"""
import json
import sys

from eth_abi import encode as abi_encode
from eth_account import Account
from eth_utils import keccak, to_checksum_address

from devnet_lib import accounts, artifacts
from devnet_lib.chain import CHAIN_ID
from devnet_lib.rpc_client import RpcClient

THRESHOLD = 2
SAFE_ETHER_WEI = 12_345 * 10**15  # 12.345 ether
TOKEN_SUPPLY = 1_000_000 * 10**18
ZERO = "0x" + "00" * 20


def selector(signature):
    return keccak(text=signature)[:4]


class Sender:
    """Signs and sends type-2 transactions from one key, keeping its nonce locally; the devnet
    mines each transaction on arrival, so its receipt is there as soon as the hash is."""

    def __init__(self, client, account):
        self.client, self.account = client, account
        self.nonce = int(client.call("eth_getTransactionCount", account.address, "latest"), 16)
        base_fee = int(client.call("eth_getBlockByNumber", "latest", False)["baseFeePerGas"], 16)
        self.tip = int(client.call("eth_maxPriorityFeePerGas"), 16)
        # Base fees only fall on an idle chain with one transaction a block; 4x is ample headroom.
        self.max_fee = 4 * base_fee + self.tip

    def send(self, data, to=None, value=0, gas=None):
        request = {"from": self.account.address, "data": "0x" + data.hex(), "value": hex(value)}
        if to:
            request["to"] = to
        if gas is None:
            gas = int(self.client.call("eth_estimateGas", request), 16) * 12 // 10
        tx = {"type": 2, "chainId": CHAIN_ID, "nonce": self.nonce, "gas": gas, "maxFeePerGas": self.max_fee,
              "maxPriorityFeePerGas": self.tip, "value": value, "data": data}
        if to:
            tx["to"] = to
        signed = Account.sign_transaction(tx, self.account.key)
        tx_hash = self.client.call("eth_sendRawTransaction", "0x" + signed.raw_transaction.hex())
        self.nonce += 1
        receipt = self.client.call("eth_getTransactionReceipt", tx_hash)
        if receipt is None or receipt["status"] != "0x1":
            raise SystemExit(f"safe_setup: transaction {tx_hash} failed: {receipt}")
        return receipt, gas


def create_safe(client, sender, contracts, owners, threshold=THRESHOLD):
    setup = selector("setup(address[],uint256,address,bytes,address,address,uint256,address)") + abi_encode(
        ["address[]", "uint256", "address", "bytes", "address", "address", "uint256", "address"],
        [owners, threshold, ZERO, b"", contracts["fallbackHandler"], ZERO, 0, ZERO])
    create = selector("createProxyWithNonce(address,bytes,uint256)") + abi_encode(
        ["address", "bytes", "uint256"], [contracts["safeSingleton"], setup, 0])
    factory = contracts["safeProxyFactory"]
    answer = client.call("eth_call", {"from": sender.account.address, "to": factory, "data": "0x" + create.hex()}, "latest")
    safe = to_checksum_address("0x" + answer[-40:])
    sender.send(create, to=factory)
    if client.call("eth_getCode", safe, "latest") in ("0x", None):
        raise SystemExit(f"safe_setup: no proxy at {safe}")
    return safe


def main(rpc_url, deployments_path, n):
    with open(deployments_path) as f:
        contracts = json.load(f)["contracts"]
    client = RpcClient(rpc_url)
    sender = Sender(client, accounts.deployer())
    owners = [a.address for a in accounts.dev_accounts()[:3]]
    safe = create_safe(client, sender, contracts, owners)
    sender.send(b"", to=safe, value=SAFE_ETHER_WEI)

    _, token_code, _ = artifacts.load(artifacts.TEST_TOKEN)
    tokens, balances, gas = [], [], None
    for i in range(n):
        args = abi_encode(["string", "string", "uint8", "address", "uint256"],
                          [f"Safe Info Token {i:03d}", f"SIT{i:03d}", 18, safe, TOKEN_SUPPLY + i])
        # Same code and same-length arguments: estimate the first one, reuse it for the rest.
        receipt, gas = sender.send(token_code + args, gas=gas)
        tokens.append(to_checksum_address(receipt["contractAddress"]))
        balances.append(str(TOKEN_SUPPLY + i))
    print(json.dumps({"safe": safe, "singleton": contracts["safeSingleton"], "owners": owners, "threshold": THRESHOLD,
                      "ether": str(SAFE_ETHER_WEI), "tokens": tokens, "tokenBalances": balances}))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
