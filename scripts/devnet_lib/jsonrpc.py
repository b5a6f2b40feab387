"""JSON-RPC 2.0 envelope: single and batch requests, notifications, and error objects."""

import json
import logging
import traceback

from .errors import (
    INTERNAL_ERROR,
    INVALID_REQUEST,
    METHOD_NOT_FOUND,
    PARSE_ERROR,
    RpcError,
    invalid_params,
)
from .methods import TABLE

log = logging.getLogger("devnet.rpc")


def handle(node, body):
    """Answer a raw HTTP body; returns bytes, or None when only notifications were sent."""
    try:
        message = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        return _encode(_error(None, RpcError(PARSE_ERROR, "parse error")))
    if isinstance(message, list):
        if not message:
            return _encode(_error(None, RpcError(INVALID_REQUEST, "empty batch")))
        answers = [a for a in (_one(node, m) for m in message) if a is not None]
        return _encode(answers) if answers else None
    answer = _one(node, message)
    return _encode(answer) if answer is not None else None


def _one(node, request):
    if not isinstance(request, dict):
        return _error(None, RpcError(INVALID_REQUEST, "invalid request"))
    is_notification = "id" not in request
    request_id = request.get("id")
    if not isinstance(request_id, (str, int, float, type(None))) or isinstance(request_id, bool):
        return _error(None, RpcError(INVALID_REQUEST, "invalid request"))
    method = request.get("method")
    if request.get("jsonrpc") != "2.0" or not isinstance(method, str):
        return _error(request_id, RpcError(INVALID_REQUEST, "invalid request"))
    try:
        handler = TABLE.get(method)
        if handler is None:
            raise RpcError(METHOD_NOT_FOUND, f"the method {method} does not exist/is not available")
        params = request.get("params", [])
        if params is None:
            params = []
        if not isinstance(params, list):
            raise invalid_params("non-array args")
        with node.lock:
            result = handler(node, params)
        answer = {"jsonrpc": "2.0", "id": request_id, "result": result}
    except RpcError as exc:
        answer = _error(request_id, exc)
    except Exception as exc:  # a bug of ours or py-evm: answer, and keep the trace in the log
        log.error("%s failed:\n%s", method, traceback.format_exc())
        answer = _error(request_id, RpcError(INTERNAL_ERROR, f"internal error: {exc}"))
    return None if is_notification else answer


def _error(request_id, exc):
    return {"jsonrpc": "2.0", "id": request_id, "error": exc.to_json()}


def _encode(obj):
    return json.dumps(obj, separators=(",", ":")).encode()
