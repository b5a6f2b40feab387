import Storage

/// A signature with the signer and the digest that was signed.
public struct MessageSignature: Sendable, Equatable {
    /// 65 bytes r‖s‖v, v = 27/28.
    public let signature: [UInt8]
    public let address: Address
    /// The EIP-191 or EIP-712 digest.
    public let hash: [UInt8]
}

/// What a signature is over.
public enum SignedPayload: Sendable {
    /// EIP-191 `personal_sign` bytes.
    case message([UInt8])
    /// EIP-712 typed data JSON (`eth_signTypedData_v4`).
    case typedData([UInt8])
}

/// Signs and verifies EIP-191 messages and EIP-712 typed data.
public struct MessageSigner: Sendable {
    /// A service with no dependencies: everything here is pure.
    public init() {}

    /// The digest a wallet signs for `payload`.
    public func digest(of payload: SignedPayload) throws -> [UInt8] {
        switch payload {
        case .message(let bytes): return PersonalMessage.hash(bytes)
        case .typedData(let json): return try TypedData(json: json).digest()
        }
    }

    /// Signs `payload` with `signer`: a key on a device is given the message, or the EIP-712 hashes.
    public func sign(_ payload: SignedPayload, with signer: KeySigner) async throws -> MessageSignature {
        let sig: Signature
        switch payload {
        case .message(let bytes): sig = try await signer.signPersonalMessage(bytes)
        case .typedData(let json): sig = try await signer.signTypedData(preimage: try TypedData(json: json).preimage())
        }
        return MessageSignature(signature: sig.rsv, address: signer.address, hash: try digest(of: payload))
    }

    /// The address that produced `signature` over `payload`.
    public func recoverSigner(of payload: SignedPayload, signature: [UInt8]) throws -> Address {
        let sig = try Signature(rsv: signature)
        return try PublicKey.recover(digest: try digest(of: payload), signature: sig).address
    }
}
