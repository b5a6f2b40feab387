"""Maps a failed py-evm computation to the error object geth returns for it."""

from eth.exceptions import InvalidInstruction, OutOfGas, Revert
from eth_abi import decode as abi_decode

from .encoding import data
from .errors import EXECUTION_REVERTED, RpcError, server_error

ERROR_STRING_SELECTOR = bytes.fromhex("08c379a0")  # Error(string)
PANIC_SELECTOR = bytes.fromhex("4e487b71")  # Panic(uint256)
# Solidity panic codes, worded as geth words them.
PANIC_REASONS = {
    0x00: "generic panic",
    0x01: "assert(false)",
    0x11: "arithmetic underflow or overflow",
    0x12: "division or modulo by zero",
    0x21: "enum overflow",
    0x22: "invalid encoded storage byte array accessed",
    0x31: "out-of-bounds array access; popping on an empty array",
    0x32: "out-of-bounds access of an array or bytesN",
    0x41: "out of memory",
    0x51: "uninitialized function",
}


def reason(output):
    """Human reason inside revert data, or None (custom errors stay raw in `data`)."""
    try:
        if output[:4] == ERROR_STRING_SELECTOR:
            return abi_decode(["string"], output[4:])[0]
        if output[:4] == PANIC_SELECTOR:
            code = abi_decode(["uint256"], output[4:])[0]
            return PANIC_REASONS.get(code, f"unknown panic code: {code:#x}")
    except Exception:  # malformed payload: leave the bytes for the caller
        return None
    return None


def error_for(computation):
    """An RpcError for a computation that failed (computation.is_error is true)."""
    error = computation.error
    if isinstance(error, Revert):
        output = bytes(computation.output)
        if not output:
            # geth only uses code 3 when there is revert data to carry.
            return server_error("execution reverted")
        why = reason(output)
        message = "execution reverted" + (f": {why}" if why else "")
        return RpcError(EXECUTION_REVERTED, message, data(output))
    if isinstance(error, OutOfGas):
        return server_error("out of gas")
    if isinstance(error, InvalidInstruction):
        return server_error(f"invalid opcode: {error}")
    return server_error(str(error) or type(error).__name__)
