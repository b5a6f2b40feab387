#!/usr/bin/env python3
"""What safe-cli cannot show without a transaction service, done with the library it is built on:
the info of one Safe and the balances of N known ERC-20 tokens, with safe-eth-py (from
Benchmarks/.venv-safecli) used the way safe-cli uses it: Safe(...).retrieve_all_info() as safe-cli's
`info` reads it, the ether balance, then EthereumClient.erc20.get_balances(), which safe-eth-py
answers with one JSON-RPC batch of balanceOf calls when the chain has no Multicall.

Given the token addresses, as Bifrost is given its registered tokens (so no symbol or decimals
are read: Bifrost has them stored from `token add`).

Usage: safe_eth_info.py RPC_URL SAFE TOKENS_FILE   (TOKENS_FILE: one address per line)
Prints one line of JSON: the info and how many token balances were read.
"""
import json
import sys

from safe_eth.eth import EthereumClient
from safe_eth.safe import Safe


def main(rpc_url, safe_address, tokens_file):
    with open(tokens_file) as f:
        tokens = [line.strip() for line in f if line.strip()]
    client = EthereumClient(rpc_url)
    info = Safe(safe_address, client).retrieve_all_info()
    wei = client.get_balance(safe_address)
    balances = client.erc20.get_balances(safe_address, tokens, include_native_balance=False)
    print(json.dumps({
        "address": safe_address, "version": info.version, "owners": info.owners, "threshold": info.threshold,
        "nonce": info.nonce, "modules": info.modules, "fallbackHandler": info.fallback_handler,
        "guard": info.transaction_guard, "balance": {"wei": str(wei)},
        "tokens": [{"address": b["token_address"], "balance": str(b["balance"])} for b in balances],
    }))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3])
