"""eth_call and eth_estimateGas: run a transaction on a throw-away copy of a block's state.

We drive py-evm directly instead of eth-tester's call()/estimate_gas() because those:
  * raise a bare TransactionFailed(message) and lose the revert bytes (geth returns them);
  * default to a 1 gwei fee, so a call from an unfunded address (or a Safe) fails on balance;
  * estimate with py-evm's binary search at 21000-gas tolerance, overshooting by up to 21000.
Like geth: a call without fee fields runs with a zero base fee (geth's NoBaseFee), and gas is
estimated by binary search to within 1.5% of the minimum that succeeds."""

from eth_utils import ValidationError
from eth.vm.spoof import SpoofTransaction

from . import blocks, revert, state_override
from .chain import CHAIN_ID
from .errors import SERVER_ERROR, RpcError, server_error

CALL_STIPEND = 2300
ESTIMATE_ERROR_RATIO = 0.015  # geth's estimateGasErrorRatio
TRANSFER_GAS = 21000


class Execution:
    """One call request against one block's post-state."""

    def __init__(self, chain, request, block_tag, overrides=()):
        self.request = request
        header = blocks.header_at(chain, block_tag)
        if not request.has_fee_fields:
            # No fee given: charge nothing and skip the base-fee rule, as geth's eth_call does.
            header = header.copy(base_fee_per_gas=0)
        self.header = header
        self.vm = chain.get_vm(at_header=header)
        self.state = self.vm.state
        state_override.apply(self.state, overrides)

    @property
    def gas_cap(self):
        return self.header.gas_limit

    def run(self, gas):
        """Apply the request with `gas`; return the computation, leaving state untouched."""
        req = self.request
        self._check_funds(gas)
        tx = SpoofTransaction(self._unsigned(gas), from_=req.sender)
        snapshot = self.state.snapshot()
        try:
            return self.state.apply_transaction(tx)
        except ValidationError as exc:
            raise server_error(str(exc)) from None
        finally:
            self.state.revert(snapshot)

    def intrinsic_gas(self):
        return self._unsigned(self.gas_cap).intrinsic_gas

    def _unsigned(self, gas):
        return unsigned_transaction(self.vm, self.request, self.state.get_nonce(self.request.sender), gas)

    def _check_funds(self, gas):
        check_funds(self.state, self.header.base_fee_per_gas, self.request, gas)


def unsigned_transaction(vm, req, nonce, gas):
    """The unsigned transaction of the request's type (legacy, access list or EIP-1559)."""
    builder = vm.get_transaction_builder()
    common = dict(nonce=nonce, gas=gas, to=req.to, value=req.value, data=req.data)
    if req.is_dynamic_fee:
        return builder.new_unsigned_dynamic_fee_transaction(
            chain_id=CHAIN_ID,
            max_priority_fee_per_gas=req.max_priority_fee_per_gas,
            max_fee_per_gas=req.max_fee_per_gas,
            access_list=req.access_list,
            **common,
        )
    if req.access_list:
        return builder.new_unsigned_access_list_transaction(
            chain_id=CHAIN_ID, gas_price=req.gas_price or 0, access_list=req.access_list, **common
        )
    return vm.create_unsigned_transaction(gas_price=req.gas_price or 0, **common)


def check_funds(state, base_fee, req, gas, code=SERVER_ERROR):
    """geth's pre-execution checks, in geth's words (py-evm's own are worded differently)."""
    have = state.get_balance(req.sender)
    want = gas * req.fee_cap + req.value
    if have < want:
        raise RpcError(
            code, f"insufficient funds for gas * price + value: address 0x{req.sender.hex()} have {have} want {want}"
        )
    if req.has_fee_fields and req.fee_cap < base_fee:
        raise server_error(
            f"max fee per gas less than block base fee: address 0x{req.sender.hex()}, "
            f"maxFeePerGas: {req.fee_cap}, baseFee: {base_fee}"
        )


def call(chain, request, block_tag, overrides=()):
    execution = Execution(chain, request, block_tag, overrides)
    computation = execution.run(request.gas or execution.gas_cap)
    if computation.is_error:
        raise revert.error_for(computation)
    return bytes(computation.output)


def estimate_gas(chain, request, block_tag):
    execution = Execution(chain, request, block_tag)
    hi = request.gas or execution.gas_cap
    if request.fee_cap > 0:
        # Like geth, never estimate more gas than the sender could pay for.
        balance = execution.state.get_balance(request.sender)
        affordable = max(balance - request.value, 0) // request.fee_cap
        hi = min(hi, affordable)
    # A plain transfer to an account without code always costs exactly 21000.
    if request.to and not request.data and not execution.state.get_code(request.to):
        if hi < TRANSFER_GAS:
            raise server_error(f"gas required exceeds allowance ({hi})")
        execution.run(TRANSFER_GAS)  # still validates balance
        return TRANSFER_GAS
    intrinsic = execution.intrinsic_gas()
    if hi < intrinsic:
        raise server_error(f"gas required exceeds allowance ({hi})")

    computation = execution.run(hi)
    if computation.is_error:
        error = revert.error_for(computation)
        if error.message == "out of gas":
            raise server_error(f"gas required exceeds allowance ({hi})")
        raise error

    # Gas consumed before refunds is a hard lower bound; the 63/64 rule (EIP-150) and the call
    # stipend mean the limit must usually be a little higher, so try geth's optimistic guess.
    used = intrinsic + computation.get_gas_used()
    lo = used - 1
    optimistic = (used + computation.get_gas_refund() + CALL_STIPEND) * 64 // 63
    if optimistic < hi:
        if execution.run(optimistic).is_error:
            lo = optimistic
        else:
            hi = optimistic
    while lo + 1 < hi:
        if (hi - lo) / hi < ESTIMATE_ERROR_RATIO:
            break
        mid = (hi + lo) // 2
        if mid > lo * 2:
            mid = lo * 2  # most transactions need little more than `used`: probe low first
        if execution.run(mid).is_error:
            lo = mid
        else:
            hi = mid
    return hi
