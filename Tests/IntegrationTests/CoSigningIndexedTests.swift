import BigInt
import EthereumKit
import Foundation
import SafeKit
import Services
import Testing

extension OnDevnet {
    /// The official service's indexed endpoints that `bifrost serve` answers from the chain.
    @Suite("Integration: bifrost serve's indexed endpoints")
    struct CoSigningIndexedTests {
        let devnet = Devnet.shared!

        @Test("modules/{address}/safes/ lists the served Safe that enabled the module, and none for another module")
        func moduleSafes() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let module = devnet.accounts[9].address
            try await f.run(.call(to: f.safe, value: 0, data: SafeContract.enableModule(module), operation: .call))
            let server = try await ServingCoSigner(try await f.first.services.serving(inMemory: true, chain: f.first.chain))
            defer { server.stop() }
            // A proposal makes the Safe one the server serves.
            let tx = SafeTx(safe: f.safe, chainID: devnet.chainID, version: .v1_4_1, to: f.owners[0], value: 1, nonce: 1)
            let posted = try await server.send("POST", "/api/v2/safes/\(f.safe.checksummed)/multisig-transactions/",
                                               try ServingCoSigner.proposal(tx, signedBy: devnet.accounts[4].key))
            try #require(posted.status == 201, "\(posted.json)")

            let listed = try await server.send("GET", "/api/v1/modules/\(module.checksummed)/safes/")
            #expect(listed.status == 200 && listed.json["safes"] == .array([.string(f.safe.checksummed)]), "\(listed.json)")
            let other = try await server.send("GET", "/api/v1/modules/\(devnet.accounts[8].address.checksummed)/safes/")
            #expect(other.status == 200 && other.json["safes"] == .array([]), "\(other.json)")
            #expect(try await server.send("GET", "/api/v1/modules/0x12/safes/").status == 400)
        }
    }
}
