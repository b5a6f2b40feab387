#!/usr/bin/env python3
"""The peer for `bifrost balance`: ETH and N ERC-20 balances of one address with web3.py, the way a
Python wallet script usually reads them (get_balance, then balanceOf, symbol and decimals per token).

Usage: web3_balances.py RPC_URL OWNER TOKEN N
Prints one line of JSON with the ETH balance and the number of token balances read.
"""
import json
import sys

from web3 import Web3

ERC20_ABI = [
    {"name": "balanceOf", "type": "function", "stateMutability": "view",
     "inputs": [{"name": "owner", "type": "address"}], "outputs": [{"name": "", "type": "uint256"}]},
    {"name": "symbol", "type": "function", "stateMutability": "view", "inputs": [], "outputs": [{"name": "", "type": "string"}]},
    {"name": "decimals", "type": "function", "stateMutability": "view", "inputs": [], "outputs": [{"name": "", "type": "uint8"}]},
]


def main(rpc_url, owner, token, n):
    w3 = Web3(Web3.HTTPProvider(rpc_url))
    owner = Web3.to_checksum_address(owner)
    contract = w3.eth.contract(address=Web3.to_checksum_address(token), abi=ERC20_ABI)
    wei = w3.eth.get_balance(owner)
    balances = []
    for _ in range(n):
        balances.append((contract.functions.symbol().call(), contract.functions.decimals().call(),
                         contract.functions.balanceOf(owner).call()))
    print(json.dumps({"wei": str(wei), "tokens": len(balances)}))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]))
