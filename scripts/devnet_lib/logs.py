"""eth_getLogs over the mined blocks, with geth's filter semantics (address list, positional
topics where null matches anything and a list means any of)."""

from . import blocks
from .encoding import parse_address, parse_hash
from .errors import invalid_params
from .serialize import block_logs


class LogStore:
    """Serialised logs per block. A mined block changes only when evm_revert takes it away, so
    each block's logs are built once; that keeps repeated history scans (Safe queue/history) cheap."""

    def __init__(self):
        self._by_block = {}

    def forget_after(self, number):
        self._by_block = {n: logs for n, logs in self._by_block.items() if n <= number}

    def logs_of(self, chain, number):
        if number not in self._by_block:
            block = chain.get_canonical_block_by_number(number)
            receipts = block.get_receipts(chain.chaindb) if block.transactions else ()
            self._by_block[number] = block_logs(block, receipts)
        return self._by_block[number]


def get_logs(chain, store, flt):
    if not isinstance(flt, dict):
        raise invalid_params("invalid argument 0: filter object expected")
    addresses = _addresses(flt.get("address"))
    topics = _topics(flt.get("topics"))
    if flt.get("blockHash") is not None:
        if flt.get("fromBlock") is not None or flt.get("toBlock") is not None:
            raise invalid_params("cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other")
        block = blocks.by_hash(chain, parse_hash(flt["blockHash"], "blockHash"))
        if block is None:
            raise invalid_params("unknown block")
        numbers = [block.number]
    else:
        head = blocks.head_number(chain)
        start = blocks.resolve_number(chain, flt.get("fromBlock", "latest"), allow_future=True)
        end = blocks.resolve_number(chain, flt.get("toBlock", "latest"), allow_future=True)
        if start > end:
            raise invalid_params("invalid block range params")
        numbers = range(start, min(end, head) + 1)
    matched = []
    for number in numbers:
        for log in store.logs_of(chain, number):
            if _matches(log, addresses, topics):
                matched.append(log)
    return matched


def _addresses(value):
    if value is None:
        return None
    values = value if isinstance(value, list) else [value]
    return {"0x" + parse_address(v).hex() for v in values}


def _topics(value):
    if value is None:
        return []
    if not isinstance(value, list):
        raise invalid_params("invalid argument: topics must be an array")
    parsed = []
    for position in value:
        if position is None:
            parsed.append(None)
        elif isinstance(position, list):
            parsed.append({"0x" + parse_hash(t, "topic").hex() for t in position} or None)
        else:
            parsed.append({"0x" + parse_hash(position, "topic").hex()})
    return parsed


def _matches(log, addresses, topics):
    if addresses is not None and log["address"] not in addresses:
        return False
    if len(topics) > len(log["topics"]):
        return False
    for wanted, actual in zip(topics, log["topics"]):
        if wanted is not None and actual not in wanted:
            return False
    return True
