#!/usr/bin/env python3
"""A Safe's execution history read the way safe-eth-py's users read it (the Safe Transaction
Service's indexer walks the same way): safe-eth-py's EthereumClient, one eth_getLogs for the Safe's
ExecutionSuccess and ExecutionFailure events from block 0 to the head, or, with CHUNK, in fixed
ranges of CHUNK blocks; each log decoded with the Safe 1.4.1 ABI safe-eth-py ships.

Usage: safe_eth_history.py RPC_URL SAFE [CHUNK]   (CHUNK 0 or absent: one range)
Prints one line of JSON: {"executions": [{"safeTxHash", "transactionHash", "success"}]}; exits 1
with the provider's error when a range is refused.
"""
import json
import sys

from safe_eth.eth import EthereumClient
from safe_eth.eth.contracts import get_safe_V1_4_1_contract


def main(rpc_url, safe, chunk):
    client = EthereumClient(rpc_url)
    contract = get_safe_V1_4_1_contract(client.w3, address=safe)
    events = {e.topic: e for e in (contract.events.ExecutionSuccess(), contract.events.ExecutionFailure())}
    head = client.current_block_number
    ranges = [(0, head)] if chunk <= 0 else [(a, min(a + chunk - 1, head)) for a in range(0, head + 1, chunk)]
    executions = []
    for start, end in ranges:
        for log in client.w3.eth.get_logs({"address": safe, "fromBlock": start, "toBlock": end,
                                           "topics": [list(events)]}):
            event = events["0x" + log["topics"][0].hex().removeprefix("0x")].process_log(log)
            executions.append({"safeTxHash": "0x" + event["args"]["txHash"].hex().removeprefix("0x"),
                               "transactionHash": "0x" + log["transactionHash"].hex().removeprefix("0x"),
                               "success": event["event"] == "ExecutionSuccess"})
    print(json.dumps({"executions": executions}))


if __name__ == "__main__":
    try:
        main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 0)
    except Exception as exc:  # the provider's refusal is the result being measured
        print(f"safe_eth_history: {type(exc).__name__}: {exc}"[:400], file=sys.stderr)
        sys.exit(1)
