#!/usr/bin/env python3
"""Sets up the chain for the history benchmark on a running devnet: a Safe 1.4.1 (SafeL2) proxy
owned 1-of-1 by dev account 0, which executes N transactions (1 wei each to a fixed address),
with empty blocks mined between them (anvil_mine) so that the executions spread over a chain of
at least MIN_BLOCKS blocks.

Runs with the devnet's Python (.venv-devnet) and its own modules (PYTHONPATH=scripts), like
safe_setup.py. The owner executes its own transactions, so each carries the owner's approval as
v = 1 (r = owner), which the Safe accepts from msg.sender.

Usage: PYTHONPATH=scripts .venv-devnet/bin/python history_setup.py RPC_URL DEPLOYMENTS_JSON N MIN_BLOCKS
Prints one line of JSON: {"safe", "created" (block), "head" (block), "executions": [transaction hashes]}.
"""
import json
import sys

from eth_abi import encode as abi_encode
from eth_account import Account

from devnet_lib import accounts
from devnet_lib.rpc_client import RpcClient

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from safe_setup import Sender, create_safe, selector  # noqa: E402

RECIPIENT = "0x000000000000000000000000000000000000dEaD"
EXEC = "execTransaction(address,uint256,bytes,uint8,uint256,uint256,uint256,address,address,bytes)"


def main(rpc_url, deployments_path, n, min_blocks):
    with open(deployments_path) as f:
        contracts = json.load(f)["contracts"]
    client = RpcClient(rpc_url)
    owner = accounts.dev_accounts()[0]
    sender = Sender(client, Account.from_key(owner.key))
    safe = create_safe(client, sender, contracts, [owner.address], threshold=1)
    created = int(client.call("eth_blockNumber"), 16)
    sender.send(b"", to=safe, value=10**18)
    approval = bytes(12) + bytes.fromhex(owner.address[2:]) + bytes(32) + b"\x01"
    call = selector(EXEC) + abi_encode(
        ["address", "uint256", "bytes", "uint8", "uint256", "uint256", "uint256", "address", "address", "bytes"],
        [RECIPIENT, 1, b"", 0, 0, 0, 0, "0x" + "00" * 20, "0x" + "00" * 20, approval])
    gap = max(min_blocks // n, 1)
    executions, gas = [], None
    for _ in range(n):
        receipt, gas = sender.send(call, to=safe, gas=gas)
        executions.append(receipt["transactionHash"])
        client.call("anvil_mine", hex(gap))
    head = int(client.call("eth_blockNumber"), 16)
    if head < min_blocks:
        client.call("anvil_mine", hex(min_blocks - head))
        head = min_blocks
    print(json.dumps({"safe": safe, "created": created, "head": head, "executions": executions}))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
