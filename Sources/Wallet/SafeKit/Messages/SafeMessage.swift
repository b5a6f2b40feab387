import BigInt
import EthereumKit

/// An off-chain message a Safe signs: a text (EIP-191) or typed data (EIP-712). Its own digest,
/// the hash an app asks the Safe's `isValidSignature` about, is wrapped in the Safe's
/// `SafeMessage(bytes message)` EIP-712 type; the owners sign that hash.
public struct SafeMessage: Sendable {
    /// What is signed.
    public enum Content: Sendable {
        /// A text, hashed as `personal_sign` does.
        case text(String)
        /// EIP-712 typed data, and its JSON as given (what is stored and shown).
        case typedData(TypedData, json: String)

        /// Typed data from its `eth_signTypedData_v4` JSON; JSON that is not typed data is a typed error.
        public static func typedData(json: String) throws(SafeKitError) -> Content {
            do { return .typedData(try TypedData(json: Array(json.utf8)), json: json) } catch { throw .invalidMessage(error.description) }
        }

        /// The message's own digest: the EIP-191 hash of the text, or the EIP-712 digest of the typed data.
        public func digest() throws(SafeKitError) -> [UInt8] {
            switch self {
            case .text(let text): return PersonalMessage.hash(Array(text.utf8))
            case .typedData(let data, _):
                do { return try data.digest() } catch { throw .invalidMessage(error.description) }
            }
        }

        /// How the content is stored and exchanged: its kind ("text" or "typedData") and its text
        /// (the typed data's JSON as given); `init(kind:text:)` reads it back.
        public var stored: (kind: String, text: String) {
            switch self {
            case .text(let text): ("text", text)
            case .typedData(_, let json): ("typedData", json)
            }
        }

        /// The content stored as `kind` ("text" or "typedData") and `text`.
        public init(kind: String, text: String) throws(SafeKitError) {
            switch kind {
            case "text": self = .text(text)
            case "typedData": self = try .typedData(json: text)
            default: throw .invalidMessage("unknown message kind \(kind)")
            }
        }
    }

    public let safe: Address
    public let chainID: BigUInt
    public let version: SafeVersion
    public let content: Content

    /// `content` to be signed by `safe` of `version` on `chainID`.
    public init(safe: Address, chainID: BigUInt, version: SafeVersion, content: Content) {
        self.safe = safe
        self.chainID = chainID
        self.version = version
        self.content = content
    }

    /// The message's own digest: the EIP-191 hash of the text, or the EIP-712 digest of the typed
    /// data. This is the `bytes32` an app passes to the Safe's `isValidSignature`.
    public func digest() throws(SafeKitError) -> [UInt8] {
        try content.digest()
    }

    /// `SignMessageLib.signMessage(bytes)` of `digest`: delegatecalled by the Safe, it marks the
    /// message signed on chain (`signedMessages`), so `isValidSignature(digest, "")` accepts it.
    public static func signMessageCall(digest: [UInt8]) -> [UInt8] {
        try! signMessage.encodeCall([.bytes(digest)])
    }

    static let signMessage = try! FunctionSignature("signMessage(bytes)")

    /// The SafeMessage hash the owners sign, as the fallback handler's `getMessageHash` computes it
    /// for the digest (`abi.encode(digest)` is the digest itself).
    public func hash() throws(SafeKitError) -> [UInt8] {
        Keccak256.hash(try preimage())
    }

    /// `0x19 ‖ 0x01 ‖ the Safe's domain separator ‖ the SafeMessage struct hash`, whose hash is `hash()`.
    public func preimage() throws(SafeKitError) -> [UInt8] {
        try Self.preimage(of: try digest(), safe: safe, chainID: chainID, version: version)
    }

    /// The hash the owners of `child` (a Safe of `childVersion` that owns this Safe) sign so that
    /// `child` confirms this message: the child's SafeMessage hash of what this Safe's handler
    /// will ask it about. That differs by this Safe's release: 1.3.0's handler checks signatures
    /// against the message bytes themselves (the digest), 1.4.1's against the EIP-712 preimage,
    /// and 1.5.0's against the hash.
    public func childMessageHash(child: Address, childVersion: SafeVersion) throws(SafeKitError) -> [UInt8] {
        try SignedSubject.message(self).childHash(child: child, childVersion: childVersion)
    }

    /// The EIP-712 preimage of `childMessageHash`, which a key on a hardware wallet signs by its two hashes.
    public func childMessagePreimage(child: Address, childVersion: SafeVersion) throws(SafeKitError) -> [UInt8] {
        try SignedSubject.message(self).childPreimage(child: child, childVersion: childVersion)
    }

    /// What this Safe's handler asks an owner contract about this message: the digest itself in
    /// the legacy form on 1.3.0, otherwise what it asks for a transaction of the same preimage.
    public func ownerQuestion() throws(SafeKitError) -> OwnerQuestion {
        version < .v1_4_1 ? OwnerQuestion(message: try digest(), legacy: true)
            : ContractSignature.question(preimage: try preimage(), parentVersion: version)
    }

    /// `keccak256(0x19 ‖ 0x01 ‖ the Safe's domain separator ‖ keccak256(SafeMessage typehash ‖ keccak256(message)))`:
    /// the hash of any `message` bytes for `safe`, which a Safe owner that is itself a Safe also signs.
    public static func hash(of message: [UInt8], safe: Address, chainID: BigUInt?, version: SafeVersion) throws(SafeKitError) -> [UInt8] {
        Keccak256.hash(try preimage(of: message, safe: safe, chainID: chainID, version: version))
    }

    static func preimage(of message: [UInt8], safe: Address, chainID: BigUInt?, version: SafeVersion) throws(SafeKitError) -> [UInt8] {
        let domain = try SafeTx.domainSeparator(safe: safe, chainID: chainID, version: version)
        return [0x19, 0x01] + domain + Keccak256.hash(typeHash + Keccak256.hash(message))
    }

    /// The signature an app gives the Safe's `isValidSignature`: `signatures` (the owners' over
    /// `hash()`) packed as the Safe reads them, one per owner in ascending order.
    public static func finalSignature(_ signatures: [SafeSignature]) -> [UInt8] {
        SafeSignature.pack(signatures)
    }

    /// `isValidSignature(bytes32 digest, bytes signature)`: what an app asks the Safe.
    public func validationCall(signature: [UInt8]) throws(SafeKitError) -> [UInt8] {
        try SafeContract.encode(ContractSignature.isValidSignature, [.bytes(try digest()), .bytes(signature)])
    }

    /// Whether the Safe's answer to `validationCall` is EIP-1271's magic value.
    public static func accepts(_ answer: [UInt8]) -> Bool {
        answer.count >= 4 && Array(answer.prefix(4)) == ContractSignature.magic
    }

    /// `keccak256("SafeMessage(bytes message)")`.
    static let typeHash = Keccak256.hash(Array("SafeMessage(bytes message)".utf8))
}
