import BigInt
import EthereumKit
import Networking
import Testing

/// Answers built from a key made here, in the documented formats, read back and recovered.
@Suite("Ledger Ethereum app answers")
struct LedgerAnswerTests {
    let key = try! PrivateKey(hex: "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318")
    let path = try! DerivationPath("m/44'/60'/0'/0/0")

    /// GET ADDRESS's answer for `key`: 65-byte key, 40 ASCII hex digits (EIP-55 capitals), no chain code.
    func addressAnswer(_ key: PrivateKey) -> [UInt8] {
        let text = Array(key.address.checksummed.dropFirst(2).utf8)
        return [65] + key.publicKey.uncompressed + [UInt8(text.count)] + text
    }

    /// A signature answer as the app writes it: v, r, s.
    func signatureAnswer(_ signature: Signature, v: UInt8) -> LedgerAnswer {
        LedgerAnswer(data: [v] + signature.r + signature.s, status: 0x9000)
    }

    @Test("an address answer is read, and its address must be its public key's")
    func address() throws {
        let parsed = try LedgerEthereumAnswer.address(addressAnswer(key))
        #expect(parsed.address == key.address)
        #expect(parsed.publicKey == key.publicKey)
        var other = addressAnswer(key)
        other[other.count - 1] = other[other.count - 1] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
        #expect(throws: LedgerError.malformedAnswer("the address is not the public key's")) { try LedgerEthereumAnswer.address(other) }
        #expect(throws: LedgerError.malformedAnswer("the answer ends 1 bytes early")) { try LedgerEthereumAnswer.address(Array(addressAnswer(key).dropLast())) }
        #expect(throws: LedgerError.malformedAnswer("1 bytes after the address")) { try LedgerEthereumAnswer.address(addressAnswer(key) + [0]) }
        let withChainCode = addressAnswer(key) + [UInt8](repeating: 7, count: 32)
        #expect(try LedgerEthereumAnswer.address(withChainCode, withChainCode: true).address == key.address)
    }

    @Test("a personal-message signature (v 27/28) recovers to the key that made it")
    func personalMessage() async throws {
        let message = Array("Bifrost".utf8)
        let signature = try key.sign(digest: PersonalMessage.hash(message))
        let ledger = ScriptedLedger(last: signatureAnswer(signature, v: 27 + signature.recoveryID))
        let app = LedgerEthereumApp(transport: ledger)
        let got = try await app.signPersonalMessage(message, at: path, expecting: key.address)
        #expect(got == signature)
        #expect(try PersonalMessage.recover(message, signature: got.rsv) == key.address)
    }

    @Test("an EIP-712 signature over the two hashes recovers to the key")
    func typedData() async throws {
        let domain = Keccak256.hash(Array("domain".utf8)), message = Keccak256.hash(Array("message".utf8))
        let signature = try key.sign(digest: Keccak256.hash([0x19, 0x01] + domain + message))
        let app = LedgerEthereumApp(transport: ScriptedLedger(last: signatureAnswer(signature, v: 27 + signature.recoveryID)))
        #expect(try await app.signTypedDataHashes(domainHash: domain, messageHash: message, at: path, expecting: key.address) == signature)
    }

    @Test("a wrong recovery id, or another device's key, is caught by recovering the signature")
    func wrongSigner() async throws {
        let domain = [UInt8](repeating: 1, count: 32), message = [UInt8](repeating: 2, count: 32)
        let signature = try key.sign(digest: Keccak256.hash([0x19, 0x01] + domain + message))
        let flipped = signatureAnswer(signature, v: 28 - signature.recoveryID)
        let app = LedgerEthereumApp(transport: ScriptedLedger(last: flipped))
        await #expect(throws: LedgerError.self) {
            try await app.signTypedDataHashes(domainHash: domain, messageHash: message, at: path, expecting: key.address)
        }
        let other = PrivateKey.generate()
        let app2 = LedgerEthereumApp(transport: ScriptedLedger(last: signatureAnswer(signature, v: 27 + signature.recoveryID)))
        await #expect(throws: LedgerError.unexpectedSigner(expected: other.address, actual: key.address)) {
            try await app2.signTypedDataHashes(domainHash: domain, messageHash: message, at: path, expecting: other.address)
        }
    }

    @Test("transactions: a typed one's v is the parity; a legacy one's is 35 + 2 x chain ID + parity cut to a byte")
    func transactions() async throws {
        let to = try Address("0x000102030405060708090a0b0c0d0e0f10111213")
        let cases: [Transaction] = [
            Transaction(type: .dynamicFee, chainID: 1, nonce: 1, maxPriorityFeePerGas: 1, maxFeePerGas: 2, gasLimit: 21000, to: to, value: 1),
            Transaction(type: .accessList, chainID: 10, nonce: 1, gasPrice: 3, gasLimit: 21000, to: to, value: 1),
            Transaction(type: .legacy, chainID: 1, nonce: 2, gasPrice: 3, gasLimit: 21000, to: to, value: 1),
            // 35 + 2 x 110 = 255: parity 1 wraps the byte to 0.
            Transaction(type: .legacy, chainID: 110, nonce: 3, gasPrice: 3, gasLimit: 21000, to: to, value: 1),
            Transaction(type: .legacy, chainID: 11_155_111, nonce: 4, gasPrice: 3, gasLimit: 21000, to: nil, value: 0,
                        data: [UInt8](repeating: 0x60, count: 700)),
            Transaction(type: .legacy, chainID: nil, nonce: 5, gasPrice: 3, gasLimit: 21000, to: to, value: 1),
        ]
        for tx in cases {
            for attempt in 0..<8 {
                var tx = tx
                tx.nonce += BigUInt(attempt)
                let signature = try key.sign(digest: tx.signingHash())
                let v: UInt8
                switch (tx.type, tx.chainID) {
                case (.legacy, let chain?): v = UInt8(truncatingIfNeeded: (chain * 2 + 35 + BigUInt(signature.recoveryID)) & 0xFF)
                case (.legacy, nil): v = 27 + signature.recoveryID
                default: v = signature.recoveryID
                }
                let chunks = try LedgerEthereumAPDU.signTransaction(payload: tx.signingPayload(), at: path).count
                let ledger = ScriptedLedger(lastIndex: chunks - 1, last: signatureAnswer(signature, v: v))
                let signed = try await LedgerEthereumApp(transport: ledger).signTransaction(tx, at: path, expecting: key.address)
                #expect(signed.signature == signature)
                #expect(try signed.sender() == key.address)
                #expect(ledger.apdus.count == chunks)
            }
        }
    }

    @Test("app info: format 1, name, version, and flags from an app (none from the dashboard)")
    func appInfo() throws {
        #expect(try LedgerEthereumAnswer.appInfo(bytes("0108457468657265756d06312e31332e3002c2e3")) == LedgerAppInfo(name: "Ethereum", version: "1.13.0"))
        #expect(try LedgerEthereumAnswer.appInfo([1, 5] + Array("BOLOS".utf8) + [5] + Array("2.2.3".utf8)) == LedgerAppInfo(name: "BOLOS", version: "2.2.3"))
        #expect(throws: LedgerError.malformedAnswer("app info in an unknown format")) { try LedgerEthereumAnswer.appInfo([2, 0, 0]) }
        #expect(throws: LedgerError.self) { try LedgerEthereumAnswer.appInfo([1, 9, 0x41]) }
    }

    @Test("a signature answer is 65 bytes")
    func signatureLength() {
        #expect(throws: LedgerError.malformedAnswer("a signature of 64 bytes, not 65")) { try LedgerEthereumAnswer.signature([UInt8](repeating: 1, count: 64)) }
        #expect(throws: LedgerError.self) { try LedgerEthereumAnswer.messageRecoveryID(v: 29) }
    }
}
