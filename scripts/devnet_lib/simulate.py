"""eth_simulateV1 (geth >= 1.14, the execution-apis spec): calls run one after another in
simulated blocks on top of a block's state, each seeing the changes of those before it, and the
answer gives every call's status, return data, gas and logs; wallets use it to preview the
events a transaction would emit. It all runs on a throw-away state: the chain never changes.

The subset geth runs with validation off: base fee 0, the sender's nonce read from the state, a
call's gas defaulting to what is left of the block's gas limit, a failing call answered in its
own result instead of failing the request. blockOverrides and validation: true are refused
rather than half-honoured."""

import rlp
from eth.exceptions import Revert
from eth.vm.spoof import SpoofTransaction
from eth_utils import ValidationError, keccak

from . import blocks, call_request, execution, revert, state_override, transfers
from .encoding import data, quantity, word
from .errors import EXECUTION_REVERTED, RpcError, invalid_params, server_error

# geth's limits and error codes for eth_simulateV1 (internal/ethapi).
MAX_BLOCKS = 256
MAX_CALLS_PER_BLOCK = 5000
TIMESTAMP_INCREMENT = 12
INTRINSIC_GAS = -38013
INSUFFICIENT_FUNDS = -38014
BLOCK_GAS_LIMIT_REACHED = -38015
CLIENT_LIMIT_EXCEEDED = -38026
VM_ERROR = -32015
MAX_PREV_HASHES = 256  # what BLOCKHASH can see


def parse(options):
    """([(overrides, [CallRequest])], trace_transfers) from the first parameter."""
    if not isinstance(options, dict):
        raise invalid_params("invalid argument 0: simulation options object expected")
    for flag in ("validation", "traceTransfers", "returnFullTransactions"):
        if options.get(flag) is not None and not isinstance(options[flag], bool):
            raise invalid_params(f"invalid argument 0: {flag} must be true or false")
    if options.get("validation"):
        raise invalid_params("invalid argument 0: validation: true is not supported by the devnet, only false")
    block_calls = options.get("blockStateCalls")
    if not isinstance(block_calls, list):
        raise invalid_params("invalid argument 0: blockStateCalls must be an array")
    if not block_calls:
        raise invalid_params("empty input")  # geth's words
    if len(block_calls) > MAX_BLOCKS:
        raise RpcError(CLIENT_LIMIT_EXCEEDED, "too many blocks")
    return [_parse_block(i, block) for i, block in enumerate(block_calls)], bool(options.get("traceTransfers"))


def _parse_block(index, block):
    """(overrides, [CallRequest]) of one block state call; errors say which one."""
    where = f"blockStateCalls[{index}]"
    if not isinstance(block, dict):
        raise invalid_params(f"invalid argument 0: {where} must be an object")
    if block.get("blockOverrides") not in (None, {}):
        raise invalid_params(f"invalid argument 0: {where}.blockOverrides is not supported by the devnet")
    calls = block.get("calls")
    if calls is None:
        calls = []
    if not isinstance(calls, list):
        raise invalid_params(f"invalid argument 0: {where}.calls must be an array")
    if len(calls) > MAX_CALLS_PER_BLOCK:
        raise RpcError(CLIENT_LIMIT_EXCEEDED, f"too many calls in block: {len(calls)} > {MAX_CALLS_PER_BLOCK}")
    overrides = _located(f"{where}.stateOverrides", state_override.parse, block.get("stateOverrides"))
    requests = [_located(f"{where}.calls[{i}]", call_request.parse, call) for i, call in enumerate(calls)]
    return overrides, requests


def _located(where, parse_part, value):
    """Parses a nested part, naming where it is in the error (the parts' own errors name eth_call's arguments)."""
    try:
        return parse_part(value)
    except RpcError as exc:
        raise invalid_params(f"invalid argument 0: {where}: {exc.message}") from None


def simulate(chain, block_calls, trace_transfers, block_tag):
    """One result per block state call, run on one state shared by all of them and then dropped."""
    parent = blocks.header_at(chain, block_tag)
    vm = chain.get_vm(at_header=parent)
    state_class = vm.get_state_class()
    if trace_transfers:
        state_class = transfers.tracing_state_class(state_class)
    prev_hashes = tuple(vm.get_prev_hashes(parent.hash, chain.chaindb))
    state = None
    results = []
    for overrides, requests in block_calls:
        header = parent.copy(
            parent_hash=parent.hash,
            block_number=parent.block_number + 1,
            timestamp=parent.timestamp + TIMESTAMP_INCREMENT,
            base_fee_per_gas=0,  # geth without validation: no base fee to check or pay
            gas_used=0,
        )
        context = vm.create_execution_context(header, prev_hashes, vm.chain_context)
        if state is None:
            state = state_class(chain.chaindb.db, context, parent.state_root)
        else:
            state.execution_context = context  # the next block, on the state the last one left
        state_override.apply(state, overrides)
        runs, gas_used = [], 0
        for request in requests:
            runs.append(_run(vm, state, header, request, gas_used))
            gas_used += runs[-1][2]
        header = header.copy(gas_used=gas_used)
        results.append(_block_result(header, runs))
        prev_hashes = (header.hash,) + prev_hashes[: MAX_PREV_HASHES - 1]
        parent = header
    return results


def _run(vm, state, header, request, block_gas_used):
    """(unsigned tx, computation, gas used) of one call; its state changes stay for the next."""
    gas = request.gas or header.gas_limit - block_gas_used
    if block_gas_used + gas > header.gas_limit:
        raise RpcError(BLOCK_GAS_LIMIT_REACHED, f"block gas limit reached: {block_gas_used} >= {header.gas_limit}")
    execution.check_funds(state, header.base_fee_per_gas, request, gas, code=INSUFFICIENT_FUNDS)
    unsigned = execution.unsigned_transaction(vm, request, state.get_nonce(request.sender), gas)
    if gas < unsigned.intrinsic_gas:
        raise RpcError(INTRINSIC_GAS, f"intrinsic gas too low: have {gas}, want {unsigned.intrinsic_gas}")
    tx = SpoofTransaction(unsigned, from_=request.sender)
    try:
        computation = state.apply_transaction(tx)
    except ValidationError as exc:
        raise server_error(str(exc)) from None
    return unsigned, computation, vm.finalize_gas_used(tx, computation)


def _block_result(header, runs):
    """geth's block object plus `calls`; logs numbered across the block, as in a real one."""
    block_hash = data(header.hash)
    tx_hashes = [data(keccak(rlp.encode(unsigned))) for unsigned, _, _ in runs]  # unsigned: no real hash
    calls = []
    log_index = 0
    for index, (_, computation, used) in enumerate(runs):
        logs = []
        for address, topics, payload in computation.get_log_entries():  # none for a failed call
            logs.append({
                "address": data(address),
                "topics": [word(topic) for topic in topics],
                "data": data(payload),
                "blockNumber": quantity(header.block_number),
                "transactionHash": tx_hashes[index],
                "transactionIndex": quantity(index),
                "blockHash": block_hash,
                "logIndex": quantity(log_index),
                "removed": False,
            })
            log_index += 1
        calls.append(_call_result(computation, used, logs))
    return {
        "number": quantity(header.block_number),
        "hash": block_hash,
        "parentHash": data(header.parent_hash),
        "timestamp": quantity(header.timestamp),
        "gasLimit": quantity(header.gas_limit),
        "gasUsed": quantity(header.gas_used),
        "baseFeePerGas": quantity(header.base_fee_per_gas),
        "miner": data(header.coinbase),
        "transactions": tx_hashes,
        "calls": calls,
    }


def _call_result(computation, used, logs):
    """A call's outcome; a failed call is reported here, it does not fail the request (geth)."""
    if not computation.is_error:
        return {"status": "0x1", "returnData": data(computation.output), "gasUsed": quantity(used), "logs": logs}
    # geth returns no data for a failed call; a revert's bytes go in error.data, always with code 3.
    if isinstance(computation.error, Revert):
        output = bytes(computation.output)
        why = revert.reason(output)
        error = {"code": EXECUTION_REVERTED, "message": "execution reverted" + (f": {why}" if why else ""), "data": data(output)}
    else:
        error = {"code": VM_ERROR, "message": revert.error_for(computation).message}
    return {"status": "0x0", "returnData": "0x", "gasUsed": quantity(used), "logs": logs, "error": error}
