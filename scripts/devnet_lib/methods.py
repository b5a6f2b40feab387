"""The JSON-RPC method table: parses each method's params and answers in geth's shapes."""

from . import blocks, call_request, execution, fees, logs, serialize, simulate, state_override, submit
from .chain import CHAIN_ID
from .errors import invalid_params
from .encoding import (
    data,
    param,
    parse_address,
    parse_quantity,
    parse_data,
    parse_hash,
    parse_storage_slot,
    quantity,
    word,
)

def _client_version():
    # Name the EVM underneath, so a bug report says which py-evm answered.
    from importlib.metadata import version

    return f"bifrost-devnet/v1/py-evm-{version('py-evm')}/eth-tester-{version('eth-tester')}"


CLIENT_VERSION = _client_version()


def chain_id(node, params):
    return quantity(CHAIN_ID)


def net_version(node, params):
    return str(CHAIN_ID)  # a decimal string, as geth returns it


def client_version(node, params):
    return CLIENT_VERSION


def block_number(node, params):
    return quantity(blocks.head_number(node.chain))


def accounts(node, params):
    return list(node.dev_addresses)


def get_balance(node, params):
    address = parse_address(param(params, 0, name="address"))
    state = blocks.state_at(node.chain, param(params, 1, "latest", required=False))
    return quantity(state.get_balance(address))


def get_transaction_count(node, params):
    address = parse_address(param(params, 0, name="address"))
    state = blocks.state_at(node.chain, param(params, 1, "latest", required=False))
    return quantity(state.get_nonce(address))


def get_code(node, params):
    address = parse_address(param(params, 0, name="address"))
    state = blocks.state_at(node.chain, param(params, 1, "latest", required=False))
    return data(state.get_code(address))


def get_storage_at(node, params):
    address = parse_address(param(params, 0, name="address"))
    slot = parse_storage_slot(param(params, 1, name="slot"))
    state = blocks.state_at(node.chain, param(params, 2, "latest", required=False))
    return word(state.get_storage(address, slot))


def call(node, params):
    request = call_request.parse(param(params, 0, name="transaction"))
    overrides = state_override.parse(param(params, 2, required=False))
    return data(execution.call(node.chain, request, param(params, 1, "latest", required=False), overrides))


def simulate_v1(node, params):
    block_calls, trace_transfers = simulate.parse(param(params, 0, name="payload"))
    return simulate.simulate(node.chain, block_calls, trace_transfers, param(params, 1, "latest", required=False))


def estimate_gas(node, params):
    request = call_request.parse(param(params, 0, name="transaction"))
    tag = param(params, 1, "latest", required=False)
    return quantity(execution.estimate_gas(node.chain, request, tag))


def gas_price(node, params):
    return quantity(fees.gas_price(node.chain))


def max_priority_fee(node, params):
    return quantity(fees.max_priority_fee(node.chain))


def fee_history(node, params):
    return fees.fee_history(
        node.chain,
        param(params, 0, name="blockCount"),
        param(params, 1, name="newestBlock"),
        param(params, 2, [], required=False),
    )


def send_raw_transaction(node, params):
    raw = parse_data(param(params, 0, name="transaction"), "transaction")
    return data(submit.send_raw(node, raw))


def get_transaction_receipt(node, params):
    found = node.locate(parse_hash(param(params, 0, name="hash")))
    if found is None:
        return None
    block, index = found
    return serialize.receipt(block, block.get_receipts(node.chain.chaindb), index)


def get_transaction_by_hash(node, params):
    found = node.locate(parse_hash(param(params, 0, name="hash")))
    if found is None:
        return None
    block, index = found
    return serialize.transaction(block, block.transactions[index], index)


def get_block_by_number(node, params):
    number = blocks.resolve_number(node.chain, param(params, 0, name="block"), allow_future=True)
    block = blocks.by_number(node.chain, number)
    if block is None:
        return None  # geth answers null for a block that does not exist yet
    return serialize.block(block, bool(param(params, 1, False, required=False)))


def get_block_by_hash(node, params):
    block = blocks.by_hash(node.chain, parse_hash(param(params, 0, name="hash")))
    if block is None:
        return None
    return serialize.block(block, bool(param(params, 1, False, required=False)))


def get_logs(node, params):
    return logs.get_logs(node.chain, node.logs, param(params, 0, name="filter"))


# Enough empty blocks for any test of long chains (20,000 takes about 20 s); more is a typo.
MAX_MINE = 100_000


def mine(node, params):
    """anvil_mine / hardhat_mine [count]: mines `count` empty blocks (default 1), for tests that
    need a long chain, e.g. history read in block ranges."""
    count = parse_quantity(param(params, 0, default="0x1", required=False), name="count")
    if not 1 <= count <= MAX_MINE:
        raise invalid_params(f"count must be between 1 and {MAX_MINE}")
    node.backend.mine_blocks(count)
    return None


def snapshot(node, params):
    """evm_snapshot: an ID for the chain as it is now; evm_revert goes back to it."""
    return data(node.backend.take_snapshot())


def revert(node, params):
    """evm_revert ID: drops every block after the snapshot, so the blocks mined next take their
    numbers with other hashes: a reorganisation as a node's clients see one."""
    snapshot_hash = parse_hash(param(params, 0, name="snapshot"))
    try:
        number = node.chain.get_block_by_hash(snapshot_hash).number
    except Exception:
        raise invalid_params("unknown snapshot")
    if node.chain.get_canonical_block_by_number(number).hash != snapshot_hash:
        raise invalid_params("the snapshot is not on the canonical chain")
    node.backend.revert_to_snapshot(snapshot_hash)
    node.forget_after(number)
    return True


def syncing(node, params):
    return False


def listening(node, params):
    return True


TABLE = {
    "eth_chainId": chain_id,
    "net_version": net_version,
    "net_listening": listening,
    "web3_clientVersion": client_version,
    "eth_syncing": syncing,
    "eth_blockNumber": block_number,
    "eth_accounts": accounts,
    "eth_getBalance": get_balance,
    "eth_getTransactionCount": get_transaction_count,
    "eth_getCode": get_code,
    "eth_getStorageAt": get_storage_at,
    "eth_call": call,
    "eth_estimateGas": estimate_gas,
    "eth_simulateV1": simulate_v1,
    "eth_gasPrice": gas_price,
    "eth_maxPriorityFeePerGas": max_priority_fee,
    "eth_feeHistory": fee_history,
    "eth_sendRawTransaction": send_raw_transaction,
    "eth_getTransactionReceipt": get_transaction_receipt,
    "eth_getTransactionByHash": get_transaction_by_hash,
    "eth_getBlockByNumber": get_block_by_number,
    "eth_getBlockByHash": get_block_by_hash,
    "eth_getLogs": get_logs,
    "anvil_mine": mine,
    "hardhat_mine": mine,
    "evm_snapshot": snapshot,
    "evm_revert": revert,
}
