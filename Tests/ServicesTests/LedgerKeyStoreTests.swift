@testable import Services
import EthereumKit
import Foundation
import Networking
import Storage
import Synchronization
import Testing

/// Keys on a Ledger in the key store, against a device scripted in the test that holds one key
/// (the integration tests sign on the local chain through a stand-in of the real app).
@Suite("Keys on a Ledger in the key store")
struct LedgerKeyStoreTests {
    /// What the test saw, in order: the APDUs' instruction bytes and the prompts given.
    final class Seen: Sendable {
        let events = Mutex<[String]>([])
        func add(_ event: String) { events.withLock { $0.append(event) } }
        var all: [String] { events.withLock { $0 } }
    }

    /// A Ledger running the Ethereum app with `key` at every path: app info, addresses, and EIP-712 hashed signatures.
    final class Device: LedgerTransport {
        let key: PrivateKey
        let seen: Seen
        init(key: PrivateKey, seen: Seen) {
            self.key = key
            self.seen = seen
        }

        func exchange(_ apdu: [UInt8]) async throws(LedgerError) -> LedgerAnswer {
            seen.add(Hex.encode(Array(apdu.prefix(2))))
            switch (apdu[0], apdu[1]) {
            case (0xB0, 0x01):
                return LedgerAnswer(data: [1, 8] + Array("Ethereum".utf8) + [6] + Array("1.16.0".utf8) + [1, 0], status: 0x9000)
            case (0xE0, 0x02):
                let text = Array(key.address.checksummed.dropFirst(2).utf8)
                return LedgerAnswer(data: [65] + key.publicKey.uncompressed + [UInt8(text.count)] + text, status: 0x9000)
            case (0xE0, 0x0C):
                // path count, 4 bytes a step, then the domain hash and the message hash.
                let hashes = Array(apdu.suffix(64))
                guard let signature = try? key.sign(digest: Keccak256.hash([0x19, 0x01] + hashes)) else { return LedgerAnswer(data: [], status: 0x6F00) }
                return LedgerAnswer(data: [signature.v] + signature.r + signature.s, status: 0x9000)
            default:
                return LedgerAnswer(data: [], status: 0x6D00)
            }
        }
    }

    static func store(device key: PrivateKey, _ seen: Seen) throws -> (KeyStore, URL, AppDatabase) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-\(UUID().uuidString)")
        let connector = LedgerConnector { () async throws(LedgerError) -> any LedgerTransport in Device(key: key, seen: seen) }
        let prompts = DevicePrompts { prompt in
            if case .typedData(let hashes, _) = prompt { seen.add("prompt " + Hex.encode(hashes.domainHash + hashes.messageHash)) }
        }
        let database = try AppDatabase.inMemory()
        return (KeyStore(database: database, vault: KeyVault(home: BifrostHome(url: dir), scrypt: .light), devicePrompts: prompts, ledger: connector),
                dir, database)
    }

    static let preimage: [UInt8] = [0x19, 0x01] + [UInt8](repeating: 0xd0, count: 32) + [UInt8](repeating: 0x3e, count: 32)

    @Test("a Ledger key holds the device's address and path and nothing in the vault; it signs EIP-712 hashes on the device, after the prompt names them")
    func addAndSign() async throws {
        let seen = Seen(), key = PrivateKey.generate()
        let (store, dir, _) = try Self.store(device: key, seen)
        defer { try? FileManager.default.removeItem(at: dir) }
        let account = try await store.addLedger(name: "hw", path: try .ethereum(index: 3), verify: false)
        #expect(account.address == key.address && account.kind == .ledger && account.derivationPath == "m/44'/60'/0'/0/3")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("keys").path)) ?? []).isEmpty, "no vault file")
        await #expect(throws: VaultError.onDevice("hw")) { try await store.signingKey(name: "hw", password: "any") }

        let signer = try await store.signer(name: "hw", password: { throw CancellationError() })
        #expect(signer.isOnDevice)
        let signature = try await signer.safeSignature(preimage: Self.preimage)
        #expect(signature.owner == key.address && signature.kind == .ecdsa)
        let events = seen.all
        let prompt = try #require(events.firstIndex(of: "prompt " + Hex.encode(Array(Self.preimage.dropFirst(2)))))
        let asked = try #require(events.firstIndex(of: "0xe00c"))
        #expect(prompt < asked, "the hashes are told before the device is asked: \(events)")
    }

    @Test("a device that holds another key at the path is refused before it is asked to sign")
    func otherSeed() async throws {
        let seen = Seen(), recorded = PrivateKey.generate(), other = PrivateKey.generate()
        let (store, dir, database) = try Self.store(device: other, seen)
        defer { try? FileManager.default.removeItem(at: dir) }
        try await AccountStorage(database: database).insert(
            Account(name: "hw", address: recorded.address, kind: .ledger, derivationPath: "m/44'/60'/0'/0/0", createdAt: Date()))
        let signer = try await store.signer(name: "hw", password: { "" })
        await #expect(throws: LedgerKeyError.otherKey(name: "hw", expected: recorded.address, found: other.address, path: "m/44'/60'/0'/0/0")) {
            try await signer.safeSignature(preimage: Self.preimage)
        }
        #expect(!seen.all.contains("0xe00c"), "nothing was sent to sign: \(seen.all)")
    }
}
