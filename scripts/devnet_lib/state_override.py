"""geth's state override set, the third parameter of eth_call: per address, a balance, nonce or
code to assume, and storage either replaced whole (`state`) or patched slot by slot
(`stateDiff`). Applied to the call's throw-away state only; the chain never sees it."""

from .encoding import parse_address, parse_data, parse_quantity, parse_storage_slot
from .errors import invalid_params

FIELDS = {"balance", "nonce", "code", "state", "stateDiff"}


def parse(value):
    """[(address, fields)] from the JSON object; unknown fields and bad values are refused."""
    if value is None:
        return []
    if not isinstance(value, dict):
        raise invalid_params("invalid argument 2: state override set must be an object")
    overrides = []
    for key, fields in value.items():
        address = parse_address(key, "state override address")
        if not isinstance(fields, dict):
            raise invalid_params(f"invalid argument 2: the override of {key} must be an object")
        unknown = set(fields) - FIELDS
        if unknown:
            raise invalid_params(f"invalid argument 2: unknown override field {sorted(unknown)[0]}")
        if "state" in fields and "stateDiff" in fields:
            raise invalid_params(f"account {key} has both 'state' and 'stateDiff'")
        parsed = {}
        if "balance" in fields:
            parsed["balance"] = parse_quantity(fields["balance"], "balance")
        if "nonce" in fields:
            parsed["nonce"] = parse_quantity(fields["nonce"], "nonce")
        if "code" in fields:
            parsed["code"] = parse_data(fields["code"], "code")
        for kind in ("state", "stateDiff"):
            if kind in fields:
                slots = fields[kind]
                if not isinstance(slots, dict):
                    raise invalid_params(f"invalid argument 2: {kind} of {key} must be an object")
                parsed[kind] = {parse_storage_slot(s): int.from_bytes(parse_data(v, "storage value").rjust(32, b"\0")[-32:], "big")
                                for s, v in slots.items()}
        overrides.append((address, parsed))
    return overrides


def apply(state, overrides):
    """Writes the overrides into `state` (an execution's own copy)."""
    for address, fields in overrides:
        if "balance" in fields:
            state.set_balance(address, fields["balance"])
        if "nonce" in fields:
            state.set_nonce(address, fields["nonce"])
        if "code" in fields:
            state.set_code(address, fields["code"])
        if "state" in fields:
            state.delete_storage(address)
        for slot, value in {**fields.get("state", {}), **fields.get("stateDiff", {})}.items():
            state.set_storage(address, slot, value)
