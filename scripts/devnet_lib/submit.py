"""eth_sendRawTransaction: validate like geth's transaction pool, then mine a block at once.

There is no mempool: a transaction either lands in its own new block before we answer, or is
refused with the message geth would give. That makes receipts available immediately and keeps
nonces strict (a future nonce is refused rather than queued)."""

from .chain import CHAIN_ID, refresh_pending_timestamp
from .encoding import data
from .errors import server_error
from .serialize import DYNAMIC_FEE, tx_type


def send_raw(node, raw):
    chain = node.chain
    vm = chain.get_vm()  # the pending block, i.e. the block this transaction will be mined in
    tx = _decode(vm, raw)
    if tx.hash in node.tx_index:
        raise server_error("already known")
    _validate(vm, tx)
    refresh_pending_timestamp(chain)
    try:
        chain.apply_transaction(tx)
    except Exception as exc:  # py-evm's final say; nothing was applied if it raised
        raise server_error(str(exc)) from None
    node.backend.mine_blocks(1)
    node.tx_index[tx.hash] = chain.get_canonical_head().block_number
    return tx.hash


def _decode(vm, raw):
    if not raw:
        raise server_error("typed transaction too short")
    try:
        tx = vm.get_transaction_builder().decode(raw)
        tx.validate()
        tx.check_signature_validity()
    except Exception as exc:
        raise server_error(f"invalid transaction: {exc}") from None
    return tx


def _validate(vm, tx):
    state = vm.state
    header = vm.get_header()

    chain_id = getattr(tx, "chain_id", None)  # None: an unprotected (pre-EIP-155) legacy tx
    if chain_id is not None and chain_id != CHAIN_ID:
        raise server_error(f"invalid chain id for signer: have {chain_id} want {CHAIN_ID}")
    if tx.gas > header.gas_limit:
        raise server_error("exceeds block gas limit")
    is_dynamic = tx_type(tx) >= DYNAMIC_FEE
    fee_cap = tx.max_fee_per_gas if is_dynamic else tx.gas_price
    if is_dynamic and tx.max_priority_fee_per_gas > tx.max_fee_per_gas:
        raise server_error("max priority fee per gas higher than max fee per gas")
    try:
        sender = tx.sender
    except Exception:
        raise server_error("invalid sender") from None
    if tx.gas < tx.intrinsic_gas:
        raise server_error(f"intrinsic gas too low: gas {tx.gas}, minimum needed {tx.intrinsic_gas}")
    expected_nonce = state.get_nonce(sender)
    if tx.nonce < expected_nonce:
        raise server_error(f"nonce too low: next nonce {expected_nonce}, tx nonce {tx.nonce}")
    if tx.nonce > expected_nonce:
        raise server_error(
            f"nonce too high: address {data(sender)}, tx: {tx.nonce} state: {expected_nonce}"
        )
    if fee_cap < header.base_fee_per_gas:
        raise server_error(
            f"max fee per gas less than block base fee: address {data(sender)}, "
            f"maxFeePerGas: {fee_cap}, baseFee: {header.base_fee_per_gas}"
        )
    have = state.get_balance(sender)
    want = tx.gas * fee_cap + tx.value
    if have < want:
        raise server_error(
            f"insufficient funds for gas * price + value: address {data(sender)} have {have} want {want}"
        )
