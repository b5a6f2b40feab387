"""The checks both service-client scripts print: each one "  ok: …", or FAIL and exit 1."""
import sys

from safe_eth.safe.api import SafeAPIException

checks = 0


def check(condition, what):
    global checks
    if not condition:
        print(f"FAIL: {what}", file=sys.stderr)
        sys.exit(1)
    checks += 1
    print(f"  ok: {what}")


def refused(call, what):
    """The call must raise SafeAPIException (the service answered with an error)."""
    try:
        call()
        check(False, what)
    except SafeAPIException as exc:
        check(True, f"{what}: {str(exc)[:100]}")


def count():
    return checks
