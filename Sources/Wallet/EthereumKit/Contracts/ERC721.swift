import BigInt

/// The ERC-721 calls a wallet makes of a collectible: who holds a token, and its metadata URI.
public enum ERC721 {
    static let ownerOfSignature = try! FunctionSignature("ownerOf(uint256)")
    static let tokenURISignature = try! FunctionSignature("tokenURI(uint256)")
    static let transferFromSignature = try! FunctionSignature("transferFrom(address,address,uint256)")

    /// `ownerOf(tokenID)`.
    public static func ownerOf(_ tokenID: BigUInt) -> [UInt8] { try! ownerOfSignature.encodeCall([.uint(tokenID)]) }

    /// `tokenURI(tokenID)` (the optional metadata extension).
    public static func tokenURI(_ tokenID: BigUInt) -> [UInt8] { try! tokenURISignature.encodeCall([.uint(tokenID)]) }

    /// `transferFrom(from, to, tokenID)`.
    public static func transferFrom(_ from: Address, to: Address, tokenID: BigUInt) -> [UInt8] {
        try! transferFromSignature.encodeCall([.address(from), .address(to), .uint(tokenID)])
    }

    /// The holder an `ownerOf` answer names; nil for anything but one clean address word.
    public static func decodeOwner(_ data: [UInt8]) -> Address? {
        guard case .address(let owner)? = try? ABIDecoder.decode(.address, from: data) else { return nil }
        return owner
    }
}
