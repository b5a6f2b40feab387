"""geth-shaped JSON for blocks, transactions, receipts and logs, built from py-evm objects.

We serialise py-evm objects ourselves rather than reuse eth-tester's serialisers because
those differ from geth in ways clients notice: logIndex restarts per receipt instead of per
block, receipts lack logsBloom and carry a `root`, logs carry a non-standard "type", the
block's extraData is zero-padded to 32 bytes and `to` is b"" for contract creation."""

import rlp
from eth_utils import keccak

from .encoding import address_or_none, data, quantity, word

LEGACY, ACCESS_LIST, DYNAMIC_FEE = 0, 1, 2


def tx_type(tx):
    return getattr(tx, "type_id", None) or LEGACY


def effective_gas_price(tx, base_fee):
    if tx_type(tx) >= DYNAMIC_FEE:
        return min(tx.max_fee_per_gas, tx.max_priority_fee_per_gas + base_fee)
    return tx.gas_price


def contract_address(sender, nonce):
    return keccak(rlp.encode([sender, nonce]))[12:]


def transaction(block, tx, index):
    kind = tx_type(tx)
    out = {
        "blockHash": data(block.hash),
        "blockNumber": quantity(block.number),
        "from": data(tx.sender),
        "gas": quantity(tx.gas),
        "gasPrice": quantity(effective_gas_price(tx, block.header.base_fee_per_gas)),
        "hash": data(tx.hash),
        "input": data(tx.data),
        "nonce": quantity(tx.nonce),
        "to": address_or_none(tx.to),
        "transactionIndex": quantity(index),
        "value": quantity(tx.value),
        "type": quantity(kind),
    }
    if kind >= DYNAMIC_FEE:
        out["maxFeePerGas"] = quantity(tx.max_fee_per_gas)
        out["maxPriorityFeePerGas"] = quantity(tx.max_priority_fee_per_gas)
    if kind >= ACCESS_LIST:
        out["accessList"] = [
            {"address": data(address), "storageKeys": [word(slot) for slot in slots]}
            for address, slots in tx.access_list
        ]
        out["chainId"] = quantity(tx.chain_id)
        out["v"] = quantity(tx.y_parity)
        out["yParity"] = quantity(tx.y_parity)
    else:
        chain_id = getattr(tx, "chain_id", None)  # None for pre-EIP-155 (unprotected) txs
        if chain_id is not None:
            out["chainId"] = quantity(chain_id)
        out["v"] = quantity(tx.v)
    out["r"] = quantity(tx.r)
    out["s"] = quantity(tx.s)
    return out


def block(blk, full_transactions):
    header = blk.header
    if full_transactions:
        txs = [transaction(blk, tx, i) for i, tx in enumerate(blk.transactions)]
    else:
        txs = [data(tx.hash) for tx in blk.transactions]
    out = {
        "number": quantity(header.block_number),
        "hash": data(header.hash),
        "parentHash": data(header.parent_hash),
        "nonce": data(header.nonce),
        "mixHash": data(header.mix_hash),
        "sha3Uncles": data(header.uncles_hash),
        "logsBloom": data(header.bloom.to_bytes(256, "big")),
        "transactionsRoot": data(header.transaction_root),
        "stateRoot": data(header.state_root),
        "receiptsRoot": data(header.receipt_root),
        "miner": data(header.coinbase),
        "difficulty": quantity(header.difficulty),
        "extraData": data(header.extra_data),
        "size": quantity(len(rlp.encode(blk))),
        "gasLimit": quantity(header.gas_limit),
        "gasUsed": quantity(header.gas_used),
        "timestamp": quantity(header.timestamp),
        "baseFeePerGas": quantity(header.base_fee_per_gas),
        "transactions": txs,
        "uncles": [],
    }
    # Post-Shanghai/Cancun/Prague header fields, present when the fork has them.
    optional = {
        "withdrawalsRoot": ("withdrawals_root", data),
        "blobGasUsed": ("blob_gas_used", quantity),
        "excessBlobGas": ("excess_blob_gas", quantity),
        "parentBeaconBlockRoot": ("parent_beacon_block_root", data),
        "requestsHash": ("requests_hash", data),
    }
    for key, (attr, encode) in optional.items():
        value = getattr(header, attr, None)
        if value is not None:
            out[key] = encode(value)
    if getattr(header, "withdrawals_root", None) is not None:
        out["withdrawals"] = []
    return out


def block_logs(blk, receipts):
    """All logs of a block, with block-wide logIndex as geth numbers them."""
    logs = []
    for tx_index, (tx, receipt) in enumerate(zip(blk.transactions, receipts)):
        for entry in receipt.logs:
            logs.append(
                {
                    "address": data(entry.address),
                    "topics": [word(topic) for topic in entry.topics],
                    "data": data(entry.data),
                    "blockNumber": quantity(blk.number),
                    "transactionHash": data(tx.hash),
                    "transactionIndex": quantity(tx_index),
                    "blockHash": data(blk.hash),
                    # As geth (1.16) and reth answer: the block's time on each log, so a reader needs no block.
                    "blockTimestamp": quantity(blk.header.timestamp),
                    "logIndex": quantity(len(logs)),
                    "removed": False,
                }
            )
    return logs


def receipt(blk, receipts, index):
    tx = blk.transactions[index]
    rcpt = receipts[index]
    previous_cumulative = receipts[index - 1].gas_used if index > 0 else 0
    tx_hash = data(tx.hash)
    logs = [log for log in block_logs(blk, receipts) if log["transactionHash"] == tx_hash]
    created = contract_address(tx.sender, tx.nonce) if not tx.to else None
    return {
        "blockHash": data(blk.hash),
        "blockNumber": quantity(blk.number),
        "contractAddress": address_or_none(created),
        "cumulativeGasUsed": quantity(rcpt.gas_used),
        "effectiveGasPrice": quantity(effective_gas_price(tx, blk.header.base_fee_per_gas)),
        "from": data(tx.sender),
        "gasUsed": quantity(rcpt.gas_used - previous_cumulative),
        "logs": logs,
        "logsBloom": data(rcpt.bloom.to_bytes(256, "big")),
        # Since Byzantium the receipt's first field is the status byte: b"\x01" or b"".
        "status": quantity(1 if rcpt.state_root == b"\x01" else 0),
        "to": address_or_none(tx.to),
        "transactionHash": tx_hash,
        "transactionIndex": quantity(index),
        "type": quantity(tx_type(tx)),
    }
