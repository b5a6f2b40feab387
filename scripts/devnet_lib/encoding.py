"""Ethereum JSON-RPC value encoding: QUANTITY as minimal 0x-hex, DATA as 0x-hex bytes,
and strict parsing of what callers send, so bad input gets -32602 instead of a crash."""

import re

from .errors import invalid_params

_HEX_DATA = re.compile(r"^0x([0-9a-fA-F]{2})*$")
_HEX_QUANTITY = re.compile(r"^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$")


def quantity(value):
    return hex(value)


def data(value):
    return "0x" + bytes(value).hex()


def address_or_none(value):
    """py-evm uses b"" for 'no recipient' (contract creation); JSON-RPC uses null."""
    return data(value) if value else None


def word(value):
    """A 32-byte word (log topics, storage slots): py-evm hands some of these out as ints."""
    if isinstance(value, int):
        value = value.to_bytes(32, "big")
    return data(value.rjust(32, b"\x00"))


def parse_quantity(value, name="value"):
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value  # lenient: some clients send plain numbers
    if not isinstance(value, str) or not _HEX_QUANTITY.match(value):
        # geth rejects leading zeros too ("hex number with leading zero digits").
        raise invalid_params(f"invalid argument: {name} must be a hex quantity, got {value!r}")
    return int(value, 16)


def parse_data(value, name="data"):
    if not isinstance(value, str) or not _HEX_DATA.match(value):
        raise invalid_params(f"invalid argument: {name} must be 0x-prefixed even-length hex")
    return bytes.fromhex(value[2:])


def parse_address(value, name="address"):
    raw = parse_data(value, name) if isinstance(value, str) else None
    if raw is None or len(raw) != 20:
        raise invalid_params(f"invalid argument: {name} must be a 20-byte address, got {value!r}")
    return raw


def parse_hash(value, name="hash"):
    raw = parse_data(value, name) if isinstance(value, str) else None
    if raw is None or len(raw) != 32:
        raise invalid_params(f"invalid argument: {name} must be a 32-byte hash, got {value!r}")
    return raw


def parse_storage_slot(value):
    """geth accepts a slot as any hex up to 32 bytes (quantity or data form)."""
    if not isinstance(value, str) or not re.match(r"^0x[0-9a-fA-F]{1,64}$", value):
        raise invalid_params(f"invalid argument: storage slot must be hex up to 32 bytes, got {value!r}")
    return int(value, 16)


def param(params, index, default=None, required=True, name=None):
    """Positional parameter `index`, or `default` when absent and not required."""
    if not isinstance(params, list):
        raise invalid_params("params must be an array")
    if index < len(params) and params[index] is not None:
        return params[index]
    if required:
        raise invalid_params(f"missing value for required argument {name or index}")
    return default
