/// A signed message or typed data, as the command line prints it in JSON (`sign message`, `sign typed-data`).
public struct MessageSignatureView: Codable, Sendable, Hashable {
    public var signature: String
    public var address: String
    /// The digest that was signed (EIP-191 or EIP-712).
    public var hash: String

    /// The view of `result`.
    public init(_ result: MessageSignature) {
        signature = Hex.encode(result.signature)
        address = result.address.checksummed
        hash = Hex.encode(result.hash)
    }
}
