"""Block selection: turns a JSON-RPC block parameter into a mined py-evm block.

Blocks are mined one per transaction, so there is never a separate pending block worth
showing: "pending" means the same as "latest" (as on geth after the merge with no mempool)."""

from eth.exceptions import BlockNotFound, HeaderNotFound

from .encoding import parse_hash, parse_quantity
from .errors import RpcError, SERVER_ERROR, invalid_params

_HEAD_TAGS = ("latest", "pending", "safe", "finalized")


def head_number(chain):
    return chain.get_canonical_head().block_number


def resolve_number(chain, tag, allow_future=False):
    """Block number for a tag, hex number or EIP-1898 object; header-not-found past the head."""
    if isinstance(tag, dict):
        if "blockHash" in tag:
            block = by_hash(chain, parse_hash(tag["blockHash"], "blockHash"))
            if block is None:
                raise RpcError(SERVER_ERROR, "header for hash not found")
            return block.number
        if "blockNumber" in tag:
            return resolve_number(chain, tag["blockNumber"], allow_future)
        raise invalid_params("invalid argument: block object needs blockHash or blockNumber")
    if tag is None or tag in _HEAD_TAGS:
        return head_number(chain)
    if tag == "earliest":
        return 0
    if isinstance(tag, str) and not tag.startswith("0x"):
        raise invalid_params(f"invalid argument: unknown block tag {tag!r}")
    number = parse_quantity(tag, "block number")
    if number > head_number(chain) and not allow_future:
        raise RpcError(SERVER_ERROR, "header not found")
    return number


def by_number(chain, number):
    if number > head_number(chain):
        return None
    return chain.get_canonical_block_by_number(number)


def by_hash(chain, block_hash):
    try:
        block = chain.get_block_by_hash(block_hash)
    except (BlockNotFound, HeaderNotFound):
        return None
    # Only canonical, mined blocks exist for callers (the pending block is not one).
    if block.number > head_number(chain):
        return None
    if chain.get_canonical_block_hash(block.number) != block.hash:
        return None
    return block


def header_at(chain, tag):
    return chain.get_canonical_block_header_by_number(resolve_number(chain, tag))


def state_at(chain, tag):
    """The world state after the selected block (what eth_getBalance & co. read)."""
    return chain.get_vm(at_header=header_at(chain, tag)).state
