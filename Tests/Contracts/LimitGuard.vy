# pragma version ~=0.4.3
# A Safe transaction guard for Bifrost's tests, compiled with vyper at test time: it refuses any
# Safe transaction that sends more ether than `limit`, and says so by ERC-165 as setGuard asks.

limit: public(uint256)


@deploy
def __init__(limit: uint256):
    self.limit = limit


@external
def checkTransaction(to: address, amount: uint256, data: Bytes[4096], operation: uint8, safeTxGas: uint256, baseGas: uint256,
                     gasPrice: uint256, gasToken: address, refundReceiver: address, signatures: Bytes[4096], msgSender: address):
    assert amount <= self.limit, "LimitGuard: above the limit"


@external
def checkAfterExecution(txHash: bytes32, success: bool):
    pass


@view
@external
def supportsInterface(interfaceId: bytes4) -> bool:
    # The Safe's guard interface (0xe6d7a83a) and ERC-165 itself (0x01ffc9a7).
    return interfaceId == 0xe6d7a83a or interfaceId == 0x01ffc9a7
