"""Fee suggestions and eth_feeHistory, computed from real block data like geth.

eth-tester's get_fee_history always reports oldestBlock 1, leaves out the next block's base
fee and never fills `reward`, so clients sizing EIP-1559 fees from it get wrong answers.

Base fee here follows EIP-1559 for real: it starts at 1 gwei and, since every block holds one
small transaction (far below the 15M gas target), falls by 12.5% per block towards a few wei."""

from . import blocks
from .encoding import parse_quantity, quantity
from .errors import invalid_params
from .serialize import effective_gas_price

# What we suggest as tip: the usual 1 gwei (anvil and geth's default floor behave alike).
SUGGESTED_TIP = 10**9
MAX_BLOCK_COUNT = 1024


def pending_base_fee(chain):
    return chain.get_vm().get_header().base_fee_per_gas


def gas_price(chain):
    """geth's eth_gasPrice: suggested tip plus the base fee of the next block."""
    return SUGGESTED_TIP + pending_base_fee(chain)


def max_priority_fee(chain):
    return SUGGESTED_TIP


def fee_history(chain, block_count, newest_tag, percentiles):
    count = parse_quantity(block_count, "blockCount")
    if count < 1 or count > MAX_BLOCK_COUNT:
        raise invalid_params(f"blockCount must be between 1 and {MAX_BLOCK_COUNT}")
    percentiles = percentiles or []
    if not isinstance(percentiles, list) or any(
        not isinstance(p, (int, float)) or p < 0 or p > 100 for p in percentiles
    ) or percentiles != sorted(percentiles):
        raise invalid_params("rewardPercentiles must be ascending numbers between 0 and 100")

    newest = blocks.resolve_number(chain, newest_tag)
    oldest = max(0, newest - count + 1)
    base_fees, ratios, rewards = [], [], []
    for number in range(oldest, newest + 1):
        block = chain.get_canonical_block_by_number(number)
        header = block.header
        base_fees.append(quantity(header.base_fee_per_gas))
        ratios.append(header.gas_used / header.gas_limit)
        if percentiles:
            rewards.append([quantity(r) for r in _rewards(chain, block, percentiles)])
    # One more base fee than blocks: the fee of the block after `newest`.
    if newest == blocks.head_number(chain):
        base_fees.append(quantity(pending_base_fee(chain)))
    else:
        base_fees.append(quantity(chain.get_canonical_block_header_by_number(newest + 1).base_fee_per_gas))

    result = {"oldestBlock": quantity(oldest), "baseFeePerGas": base_fees, "gasUsedRatio": ratios}
    if percentiles:
        result["reward"] = rewards
    return result


def _rewards(chain, block, percentiles):
    """Tip paid at each gas-weighted percentile of the block's transactions (geth's method)."""
    base_fee = block.header.base_fee_per_gas
    if not block.transactions:
        return [0 for _ in percentiles]
    receipts = block.get_receipts(chain.chaindb)
    used = []
    previous = 0
    for tx, receipt in zip(block.transactions, receipts):
        used.append((effective_gas_price(tx, base_fee) - base_fee, receipt.gas_used - previous))
        previous = receipt.gas_used
    used.sort()
    total = block.header.gas_used
    out, index, cumulative = [], 0, used[0][1]
    for p in percentiles:
        threshold = total * p / 100
        while cumulative < threshold and index < len(used) - 1:
            index += 1
            cumulative += used[index][1]
        out.append(used[index][0])
    return out
