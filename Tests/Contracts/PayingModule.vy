# pragma version ~=0.4.3
# A Safe module for Bifrost's tests, compiled with vyper at test time: its operator (set at
# deployment) makes a Safe that enabled it send ether, with no owner signature, through
# execTransactionFromModule(to, value, b"", CALL).

interface Safe:
    def execTransactionFromModule(to: address, amount: uint256, data: Bytes[1], operation: uint8) -> bool: nonpayable

operator: public(address)


@deploy
def __init__(operator: address):
    self.operator = operator


@external
def pay(safe: address, receiver: address, amount: uint256):
    assert msg.sender == self.operator, "not the operator"
    assert extcall Safe(safe).execTransactionFromModule(receiver, amount, b"", 0), "the Safe refused the module's call"
