@testable import BifrostCLI
import BifrostServer
import BigInt
import CoSigningTestSupport
import Foundation
import Networking
import Services
import Testing

extension OnDevnet {
    /// The v1 delegate routes the official service still answers, with their own signature: the
    /// hash of the delegate's address and the hour's counter, signed as it is or by `eth_sign`.
    /// The signatures come from eth-account (Python), not from Bifrost.
    @Suite("Integration: the co-signing server's v1 delegates", .enabled(if: ProcessInfo.processInfo.environment["BIFROST_REFERENCE_PYTHON"] != nil,
                                                                           "set BIFROST_REFERENCE_PYTHON (scripts/test does)"))
    struct CoSigningV1DelegateTests {
        let devnet = Devnet.shared!

        /// A throwaway key, as hex for eth-account and as Bifrost's.
        static func throwaway() throws -> (hex: String, key: PrivateKey) {
            let hex = Hex.encode((0..<32).map { _ in UInt8.random(in: 1...255) })
            return (hex, try PrivateKey(hex: hex))
        }

        /// The local chain's account `index`, its key as hex too.
        func account(_ index: Int) throws -> (hex: String, key: PrivateKey) {
            let json = try JSONParser.parse(devnet.deploymentsJSON)
            let hex = try #require(json["accounts"]?.arrayValue?[index]["privateKey"]?.stringValue)
            return (hex, try PrivateKey(hex: hex))
        }

        /// eth-account's signature of v1's delegate message by `key`: over the hash itself, or as `eth_sign` signs it.
        static func legacySignature(_ key: (hex: String, key: PrivateKey), delegate: Address, ethSign: Bool) async throws -> String {
            let python = ProcessInfo.processInfo.environment["BIFROST_REFERENCE_PYTHON"]!
            let script = """
                import sys, time
                from eth_account import Account
                from eth_account.messages import encode_defunct
                from eth_utils import keccak
                key, delegate, eth_sign = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
                digest = keccak(text=delegate + str(int(time.time()) // 3600))
                signed = Account.sign_message(encode_defunct(primitive=digest), key) if eth_sign else Account.unsafe_sign_hash(digest, key)
                print("0x" + bytes(signed.signature).hex())
                """
            let out = try await OnDevnet.SafeLedgerIntegrationTests.run(python, ["-c", script, key.hex, delegate.checksummed, ethSign ? "1" : "0"])
            return out.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        @Test("v1: an owner adds a delegate with eth-account's signature (hash or eth_sign), it is listed by v1 and v2 and proposes; v2's EIP-712 signature is not v1's; another owner removes it from the Safe; the delegator's removal everywhere", arguments: CoSigningBackend.available)
        func v1Delegates(_ backend: CoSigningBackend) async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let server = try await ServingCoSigner(try await f.first.services.serving(backend, chain: f.first.chain))
            defer { server.stop() }
            let owner = try account(4), other = try account(5), delegate = PrivateKey.generate()
            func add(_ signature: String, safe: Address?) async throws -> (status: Int, json: JSONValue, headers: [String: String]) {
                let safeField = safe.map { "\"\($0.checksummed)\"" } ?? "null"
                return try await server.send("POST", "/api/v1/delegates/", #"{"safe": \#(safeField), "delegate": "\#(delegate.address.checksummed)", "delegator": "\#(owner.key.address.checksummed)", "signature": "\#(signature)", "label": "v1 bot"}"#)
            }
            // v2's EIP-712 message is not what v1 signs.
            let typed = ServiceAuthorization.delegateDigest(delegate: delegate.address, chainID: devnet.chainID, totp: ServiceAuthorization.totp(at: Date()))
            let refused = try await add(Hex.encode(try owner.key.sign(digest: typed).rsv), safe: f.safe)
            #expect(refused.status == 400 && refused.json["nonFieldErrors"] != nil, "\(refused.json)")

            let added = try await add(try await Self.legacySignature(owner, delegate: delegate.address, ethSign: false), safe: f.safe)
            #expect(added.status == 201 && added.json["delegate"] == .string(delegate.address.checksummed) && added.json["expiryDate"] == .null, "\(added.json)")
            #expect(try await add(try await Self.legacySignature(owner, delegate: delegate.address, ethSign: true), safe: f.safe).status == 201,
                    "eth_sign's form is taken too")
            for version in ["v1", "v2"] {
                let listed = try await server.send("GET", "/api/\(version)/delegates/?safe=\(f.safe.checksummed)")
                #expect(listed.json["count"] == .number("1") && listed.json["results"]?.arrayValue?.first?["label"] == .string("v1 bot"), "\(version)")
            }
            let tx = SafeTx(safe: f.safe, chainID: devnet.chainID, version: .v1_4_1, to: f.owners[1], value: 7, nonce: 0)
            let proposal = try ServingCoSigner.proposal(tx, sender: delegate.address, signature: try SafeSignature.sign(safeTxHash: try tx.hash(), with: delegate).bytes)
            #expect(try await server.send("POST", "/api/v2/safes/\(f.safe.checksummed)/multisig-transactions/", proposal).status == 201)

            // Another owner of the Safe removes it from the Safe; a stranger cannot.
            let path = "/api/v1/safes/\(f.safe.checksummed)/delegates/\(delegate.address.checksummed)/"
            let stranger = try Self.throwaway()
            #expect(try await server.send("DELETE", path, #"{"signature": "\#(try await Self.legacySignature(stranger, delegate: delegate.address, ethSign: false))"}"#).status == 400)
            #expect(try await server.send("DELETE", path, #"{"signature": "\#(try await Self.legacySignature(other, delegate: delegate.address, ethSign: true))"}"#).status == 204)
            #expect(try await server.send("GET", "/api/v1/delegates/?safe=\(f.safe.checksummed)").json["count"] == .number("0"))
            #expect(try await server.send("DELETE", path, #"{"signature": "\#(try await Self.legacySignature(other, delegate: delegate.address, ethSign: false))"}"#).status == 404)

            // Given again for every Safe of the owner, then taken back by the delegator everywhere.
            #expect(try await add(try await Self.legacySignature(owner, delegate: delegate.address, ethSign: false), safe: nil).status == 201)
            let everywhere = "/api/v1/delegates/\(delegate.address.checksummed)/"
            let body = #"{"delegator": "\#(owner.key.address.checksummed)", "signature": "\#(try await Self.legacySignature(owner, delegate: delegate.address, ethSign: false))"}"#
            #expect(try await server.send("DELETE", everywhere, body).status == 204)
            #expect(try await server.send("DELETE", everywhere, body).status == 404)
        }
    }
}
