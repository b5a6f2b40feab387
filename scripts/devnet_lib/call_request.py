"""Parses the transaction object of eth_call / eth_estimateGas (geth's TransactionArgs)."""

from dataclasses import dataclass, field

from .encoding import parse_address, parse_data, parse_hash, parse_quantity
from .errors import invalid_params

ZERO_ADDRESS = b"\x00" * 20


@dataclass
class CallRequest:
    sender: bytes = ZERO_ADDRESS
    to: bytes = b""  # b"" means contract creation, as in py-evm
    gas: int | None = None
    gas_price: int | None = None
    max_fee_per_gas: int | None = None
    max_priority_fee_per_gas: int | None = None
    value: int = 0
    data: bytes = b""
    access_list: tuple = field(default_factory=tuple)

    @property
    def has_fee_fields(self):
        return any(
            v is not None for v in (self.gas_price, self.max_fee_per_gas, self.max_priority_fee_per_gas)
        )

    @property
    def is_dynamic_fee(self):
        return self.max_fee_per_gas is not None or self.max_priority_fee_per_gas is not None

    @property
    def fee_cap(self):
        """The most a unit of gas can cost, for balance checks."""
        if self.is_dynamic_fee:
            return self.max_fee_per_gas or 0
        return self.gas_price or 0


def parse(obj):
    if not isinstance(obj, dict):
        raise invalid_params("invalid argument 0: transaction call object expected")
    req = CallRequest()
    if obj.get("from") is not None:
        req.sender = parse_address(obj["from"], "from")
    if obj.get("to") is not None:
        req.to = parse_address(obj["to"], "to")
    for key, attr in (
        ("gas", "gas"),
        ("gasPrice", "gas_price"),
        ("maxFeePerGas", "max_fee_per_gas"),
        ("maxPriorityFeePerGas", "max_priority_fee_per_gas"),
        ("value", "value"),
    ):
        if obj.get(key) is not None:
            setattr(req, attr, parse_quantity(obj[key], key))
    if req.gas_price is not None and req.is_dynamic_fee:
        # Same rule and wording as geth.
        raise invalid_params("both gasPrice and (maxFeePerGas or maxPriorityFeePerGas) specified")
    data_field = obj.get("input")
    legacy_data = obj.get("data")
    if data_field is not None and legacy_data is not None and data_field != legacy_data:
        raise invalid_params('both "data" and "input" are set and not equal. Please use "input" to pass transaction call data')
    payload = data_field if data_field is not None else legacy_data
    if payload is not None:
        req.data = parse_data(payload, "input")
    if obj.get("accessList") is not None:
        req.access_list = _parse_access_list(obj["accessList"])
    if req.is_dynamic_fee:
        if req.max_fee_per_gas is None:
            req.max_fee_per_gas = req.max_priority_fee_per_gas
        if req.max_priority_fee_per_gas is None:
            req.max_priority_fee_per_gas = 0
        if req.max_priority_fee_per_gas > req.max_fee_per_gas:
            raise invalid_params("maxFeePerGas must be greater than or equal to maxPriorityFeePerGas")
    return req


def _parse_access_list(items):
    if not isinstance(items, list):
        raise invalid_params("invalid argument: accessList must be an array")
    parsed = []
    for item in items:
        if not isinstance(item, dict):
            raise invalid_params("invalid argument: accessList entries must be objects")
        address = parse_address(item.get("address"), "accessList.address")
        slots = tuple(int.from_bytes(parse_hash(k, "storageKey"), "big") for k in item.get("storageKeys", []))
        parsed.append((address, slots))
    return tuple(parsed)
