import EthereumKit

/// The Ethereum app on a Ledger: its documented APDUs over one transport.
///
/// Every signature is recovered before it is returned, which catches a garbled answer or a wrong
/// recovery id. Whose key signed can only be checked against an address: pass the one recorded for
/// the path as `expecting` (no extra APDU); without it, asking the device would take one more
/// exchange, which is the caller's choice (`address(at:display:)`).
public struct LedgerEthereumApp: Sendable {
    let transport: any LedgerTransport

    /// The app reached through `transport`.
    public init(transport: any LedgerTransport) {
        self.transport = transport
    }

    /// The open app's name and version (B0 01 00 00, which the dashboard answers too).
    public func appInfo() async throws(LedgerError) -> LedgerAppInfo {
        let data = try await send(LedgerEthereumAPDU.appInfo(), instruction: LedgerEthereumAPDU.Instruction.appInfo)
        return try LedgerEthereumAnswer.appInfo(data)
    }

    /// Fails with .wrongApp unless the open app is "Ethereum" (call before the others; they do not call it).
    public func requireEthereumApp() async throws(LedgerError) -> LedgerAppInfo {
        let info = try await appInfo()
        guard info.name == "Ethereum" else { throw .wrongApp(info.name == "BOLOS" ? nil : info.name) }
        return info
    }

    /// The address at `path`; with `display`, shown on the device, which answers once the user approves.
    public func address(at path: DerivationPath, display: Bool) async throws(LedgerError) -> Address {
        let data = try await send(try LedgerEthereumAPDU.getAddress(at: path, display: display), instruction: LedgerEthereumAPDU.Instruction.getAddress)
        return try LedgerEthereumAnswer.address(data).address
    }

    /// An EIP-191 personal-message signature ("\u{19}Ethereum Signed Message:\n" + length + message).
    public func signPersonalMessage(_ message: [UInt8], at path: DerivationPath, expecting signer: Address? = nil) async throws(LedgerError) -> Signature {
        let data = try await sendChunks(try LedgerEthereumAPDU.signPersonalMessage(message, at: path), instruction: LedgerEthereumAPDU.Instruction.signPersonalMessage)
        let answer = try LedgerEthereumAnswer.signature(data)
        let signature = Signature(r: answer.r, s: answer.s, recoveryID: try LedgerEthereumAnswer.messageRecoveryID(v: answer.v))
        try Self.check(signature, digest: PersonalMessage.hash(message), signer: signer)
        return signature
    }

    /// An EIP-712 signature over the domain hash and the message hash: what the device shows and a
    /// Safe owner signs. The device signs it only with blind signing on (.blindSigningDisabled otherwise).
    public func signTypedDataHashes(domainHash: [UInt8], messageHash: [UInt8], at path: DerivationPath,
                                    expecting signer: Address? = nil) async throws(LedgerError) -> Signature {
        let apdu = try LedgerEthereumAPDU.signTypedDataHashes(domainHash: domainHash, messageHash: messageHash, at: path)
        let data = try await send(apdu, instruction: LedgerEthereumAPDU.Instruction.signTypedData)
        let answer = try LedgerEthereumAnswer.signature(data)
        let signature = Signature(r: answer.r, s: answer.s, recoveryID: try LedgerEthereumAnswer.messageRecoveryID(v: answer.v))
        try Self.check(signature, digest: Keccak256.hash([0x19, 0x01] + domainHash + messageHash), signer: signer)
        return signature
    }

    /// The transaction signed (EIP-1559, EIP-2930 or legacy, with or without a chain ID).
    public func signTransaction(_ tx: Transaction, at path: DerivationPath, expecting signer: Address? = nil) async throws(LedgerError) -> SignedTransaction {
        let payload: [UInt8]
        do { payload = try tx.signingPayload() } catch { throw .invalidRequest("the transaction does not encode: \(error)") }
        let data = try await sendChunks(try LedgerEthereumAPDU.signTransaction(payload: payload, at: path), instruction: LedgerEthereumAPDU.Instruction.signTransaction)
        let answer = try LedgerEthereumAnswer.signature(data)
        let signature = Signature(r: answer.r, s: answer.s, recoveryID: try LedgerEthereumAnswer.transactionRecoveryID(v: answer.v, for: tx))
        try Self.check(signature, digest: Keccak256.hash(payload), signer: signer)
        return SignedTransaction(transaction: tx, signature: signature)
    }

    /// The signature must recover to a key, and to `signer`'s when one is expected.
    static func check(_ signature: Signature, digest: [UInt8], signer: Address?) throws(LedgerError) {
        guard let key = try? PublicKey.recover(digest: digest, signature: signature) else {
            throw .malformedAnswer("a signature from which no key can be recovered")
        }
        if let signer, key.address != signer { throw .unexpectedSigner(expected: signer, actual: key.address) }
    }

    /// Sends one APDU; the answer's data, or the error its status word means.
    func send(_ apdu: [UInt8], instruction: UInt8) async throws(LedgerError) -> [UInt8] {
        let answer = try await transport.exchange(apdu)
        if let error = LedgerStatus.error(for: answer.status, instruction: instruction) { throw error }
        return answer.data
    }

    /// Sends the chunks of one command in order; the last one's answer carries the result.
    func sendChunks(_ apdus: [[UInt8]], instruction: UInt8) async throws(LedgerError) -> [UInt8] {
        var last = [UInt8]()
        for apdu in apdus { last = try await send(apdu, instruction: instruction) }
        return last
    }
}
