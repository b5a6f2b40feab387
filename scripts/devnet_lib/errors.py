"""JSON-RPC error values, with the codes geth uses, so clients can map them the same way."""

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
# geth answers most execution and transaction-pool failures with -32000.
SERVER_ERROR = -32000
# geth answers a revert that carries data with code 3 and the raw revert bytes in `data`.
EXECUTION_REVERTED = 3


class RpcError(Exception):
    """An error to return to the caller as a JSON-RPC error object."""

    def __init__(self, code, message, data=None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.data = data

    def to_json(self):
        obj = {"code": self.code, "message": self.message}
        if self.data is not None:
            obj["data"] = self.data
        return obj


def invalid_params(message):
    return RpcError(INVALID_PARAMS, message)


def server_error(message):
    return RpcError(SERVER_ERROR, message)
