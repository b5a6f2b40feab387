"""The running chain and the little bookkeeping the JSON-RPC methods share.

py-evm is not thread-safe and the HTTP front serves requests on threads, so every method runs
under one lock: the chain sees one request at a time, in arrival order."""

import threading

from . import chain as chain_setup
from . import accounts
from .logs import LogStore


class Node:
    def __init__(self):
        self.backend = chain_setup.build_backend()
        self.lock = threading.Lock()
        # Transaction hash -> block number. eth-tester finds a transaction by scanning every
        # block backwards; every transaction enters through us, so an index is exact and O(1).
        self.tx_index = {}
        self.logs = LogStore()
        self.dev_addresses = [a.address.lower() for a in accounts.dev_accounts()]

    @property
    def chain(self):
        return self.backend.chain

    def forget_after(self, number):
        """Drops what was indexed of the blocks after `number`, which a revert took away."""
        self.tx_index = {h: n for h, n in self.tx_index.items() if n <= number}
        self.logs.forget_after(number)

    def locate(self, tx_hash):
        """(block, index) of a mined transaction, or None."""
        number = self.tx_index.get(tx_hash)
        if number is None:
            return None
        block = self.chain.get_canonical_block_by_number(number)
        for index, tx in enumerate(block.transactions):
            if tx.hash == tx_hash:
                return block, index
        return None
