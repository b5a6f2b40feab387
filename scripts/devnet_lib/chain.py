"""Builds the in-memory py-evm chain (through eth-tester's PyEVMBackend) with our genesis:
the dev accounts funded, chain ID 31337 (or BIFROST_DEVNET_CHAIN_ID), and the latest fork
eth-tester ships (Prague)."""

import os
import time

from eth_tester import PyEVMBackend
from eth_tester.backends.pyevm.main import get_default_account_state

from . import accounts

# Anvil's and Hardhat's chain ID, so wallets and tools treat this as the usual local chain;
# scripts/devnet --chain-id gives a second chain another.
CHAIN_ID = int(os.environ.get("BIFROST_DEVNET_CHAIN_ID", "31337"))


def genesis_state():
    state = {}
    for account in accounts.funded_accounts():
        address = bytes.fromhex(account.address[2:])
        state[address] = get_default_account_state(
            overrides={"balance": accounts.GENESIS_BALANCE_WEI}
        )
    return state


def build_backend():
    """A PyEVMBackend whose chain reports and executes with CHAIN_ID."""
    # We fund our own genesis instead of using from_mnemonic(): eth-tester appends "/i" to its
    # hd_path, and we want exactly the same derivation as accounts.py (eth-account's).
    backend = PyEVMBackend(genesis_state=genesis_state())
    # eth-tester hard-codes chain_id = 131277322940537 on a class it creates per chain.
    # py-evm reads chain_id from that class each time it builds a VM (CHAINID opcode, Safe's
    # EIP-712 domain), and the class is private to this chain, so overriding it is contained.
    type(backend.chain).chain_id = CHAIN_ID
    # The pending header was created at genesis time; give the first block a current timestamp.
    _refresh_pending_timestamp(backend.chain)
    return backend


def _refresh_pending_timestamp(chain):
    parent_ts = chain.get_canonical_head().timestamp
    chain.set_header_timestamp(max(int(time.time()), parent_ts + 1))


def refresh_pending_timestamp(chain):
    """py-evm stamps the pending block when the previous one is mined; with one block per
    transaction that can be long ago, so restamp it just before a transaction lands."""
    if len(chain.get_block().transactions) == 0:
        _refresh_pending_timestamp(chain)
