"""Bifrost's local EVM chain: a geth-style JSON-RPC front over eth-tester's py-evm backend.

Run through scripts/devnet; every module here has one job (see the module docstrings).
"""
