# pragma version ~=0.4.3
# A minimal ERC-721 for Bifrost's tests, compiled with vyper at test time: its constructor mints
# tokens 7 and 8 to `receiver`; a holder moves its own tokens with transferFrom.

event Transfer:
    sender: indexed(address)
    receiver: indexed(address)
    token_id: indexed(uint256)

name: public(String[32])
symbol: public(String[8])
ownerOf: public(HashMap[uint256, address])
balanceOf: public(HashMap[address, uint256])


@deploy
def __init__(receiver: address):
    self.name = "Bifrost Test Collectible"
    self.symbol = "BTC721"
    for token_id: uint256 in [7, 8]:
        self.ownerOf[token_id] = receiver
        log Transfer(sender=empty(address), receiver=receiver, token_id=token_id)
    self.balanceOf[receiver] = 2


@external
def transferFrom(sender: address, receiver: address, token_id: uint256):
    assert msg.sender == sender and self.ownerOf[token_id] == sender, "not the holder"
    self.ownerOf[token_id] = receiver
    self.balanceOf[sender] -= 1
    self.balanceOf[receiver] += 1
    log Transfer(sender=sender, receiver=receiver, token_id=token_id)


@view
@external
def tokenURI(token_id: uint256) -> String[107]:
    return concat("https://collectibles.example/", uint2str(token_id))


@view
@external
def supportsInterface(interface_id: bytes4) -> bool:
    return interface_id in [0x01ffc9a7, 0x80ac58cd]
