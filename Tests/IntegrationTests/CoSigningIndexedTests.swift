import BigInt
import EthereumKit
import Networking
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

        @Test("creation/: who sent the creation, its transaction and block time, the factory, the singleton, the setup call and salt, from logs alone",
              arguments: [SafeVersion.v1_3_0, .v1_4_1])
        func creation(_ version: SafeVersion) async throws {
            let f = try await SafeFixture(devnet: devnet, version: version)
            defer { f.remove() }
            let server = try await ServingCoSigner(try await f.first.services.serving(inMemory: true, chain: f.first.chain))
            defer { server.stop() }
            let answer = try await server.send("GET", "/api/v1/safes/\(f.safe.checksummed)/creation/")
            try #require(answer.status == 200, "\(answer.json)")
            let json = answer.json
            #expect(json["creator"] == .string(f.owners[0].checksummed), "owner 4 deployed it: \(json)")
            let singleton = try #require(try await f.info().singleton)
            #expect(json["masterCopy"] == .string(singleton.checksummed), "\(json)")
            let remote = try f.remote()
            let hash = try Hex.decode(try #require(json["transactionHash"]?.stringValue))
            let sent = try #require(try await remote.send(EthereumRemote.Requests.transaction(hash: hash)))
            let factory = try #require(sent.to), mined = try #require(sent.blockNumber)
            #expect(sent.from == f.owners[0] && json["factoryAddress"] == .string(factory.checksummed), "\(json)")
            let block = try #require(try await remote.send(EthereumRemote.Requests.block(.number(mined))))
            #expect(json["created"] == ServiceWireDate.json(Date(timeIntervalSince1970: TimeInterval(block.timestamp))), "\(json)")
            let setup = try #require(json["setupData"]?.stringValue)
            #expect(setup.hasPrefix("0xb63e800d"), "setup(address[],uint256,address,bytes,address,address,uint256,address): \(setup)")
            #expect(json["saltNonce"]?.stringValue.flatMap { BigUInt($0) } != nil && json["userOperation"] == .null, "\(json)")

            // An account with no code was created by no one; an address that is not one is refused.
            #expect(try await server.send("GET", "/api/v1/safes/\(devnet.accounts[8].address.checksummed)/creation/").status == 404)
            #expect(try await server.send("GET", "/api/v1/safes/0x12/creation/").status == 400)
        }
    }
}
