import BigInt
import Foundation
import Networking
import NetworkingTesting
import Services
import Testing

/// Issue 15: `network add` dropped invalid addresses, took `[]` and null for contracts, stored a
/// file's chain ID without asking the node, and silently replaced a network of the same name.
@Suite("Network definitions")
struct NetworkDefinitionTests {
    static let devnet: BigUInt = 31337

    static func services(nodeChain: BigUInt? = devnet) throws -> (AppServices, URL) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-networks-\(UUID().uuidString)")
        let mock = nodeChain == nil ? MockNetwork.failing(with: .unreachable("no node")) : MockNetwork()
        if let nodeChain { mock.register(method: "eth_chainId", result: .string("0x" + String(nodeChain, radix: 16))) }
        return (try AppServices.open(home: BifrostHome(url: home), lightKDF: true, http: mock), home)
    }

    static func add(_ s: AppServices, _ file: String?, name: String = "devnet", chainID: BigUInt? = nil, replace: Bool = false) async throws -> ChainNetwork {
        try await s.dispatcher.dispatch(AddNetwork(name: name, rpcURL: "http://127.0.0.1:8545", chainID: chainID,
                                                   deployments: file.map { Array($0.utf8) }, replace: replace))
    }

    static let good = #"{"chainId": 31337, "rpcUrl": "http://127.0.0.1:8545", "deployer": "0x90F79bf6EB2c4f870365E785982E1f101E93b906", "accounts": [{"address": "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "privateKey": "0x00"}], "contracts": {"safeSingleton": "0x29fcB43b46531BcA003ddC8FCB67FFE91900C762", "safeVersion": "1.4.1"}}"#

    @Test("a well-formed file is read whole")
    func goodFile() async throws {
        let (s, home) = try Self.services()
        defer { try? FileManager.default.removeItem(at: home) }
        let n = try await Self.add(s, Self.good)
        #expect(n.chainID == 31337 && n.contracts.safeSingleton?.checksummed == "0x29fcB43b46531BcA003ddC8FCB67FFE91900C762")
        #expect(n.contracts.safeVersion == "1.4.1")
    }

    @Test("each Safe release's set is read, stored and picked by version; the top level stands for its own release")
    func safeVersions() async throws {
        let (s, home) = try Self.services()
        defer { try? FileManager.default.removeItem(at: home) }
        let a = "0x5c4A427Fbc88c761db3887d88606D97D32e95c3B", b = "0xCF9C83be89ac927F9D98F0CaFB9ED7fDea2fD459"
        let file = #"{"chainId": 31337, "contracts": {"safeSingleton": "0x29fcB43b46531BcA003ddC8FCB67FFE91900C762", "multiSend": "0x4425918ff69Fe214AC093710cF41216AE9149c3A"}, "safeVersions": {"1.3.0": {"safeSingleton": "\#(a)", "signMessageLib": "\#(b)"}, "1.5.0": {"safeL2Singleton": "\#(b)"}}}"#
        _ = try await Self.add(s, file)
        // Read back from the database, not from the file just parsed.
        let n = try #require(try await s.dispatcher.dispatch(ListNetworks()).networks.first)
        let c = n.contracts
        #expect(c.defaultVersion == .v1_4_1)
        #expect(c.set(for: .v1_3_0).safeSingleton?.checksummed == a && c.set(for: .v1_3_0).signMessageLib?.checksummed == b)
        #expect(c.set(for: .v1_5_0).singletonForNewSafes?.checksummed == b)
        #expect(c.set(for: .v1_4_1).safeSingleton?.checksummed == "0x29fcB43b46531BcA003ddC8FCB67FFE91900C762")
        #expect(c.set(for: .v1_1_1) == SafeContractSet())
        #expect(c.allMultiSends.map(\.checksummed) == ["0x4425918ff69Fe214AC093710cF41216AE9149c3A"])
        // A named singleton is never paired with the canonical one; the other gaps are filled.
        let filled = c.set(for: .v1_3_0).filled(from: SafeDeployments.canonical(.v1_3_0))
        #expect(filled.singletonForNewSafes?.checksummed == a && filled.safeL2Singleton == nil)
        #expect(filled.safeProxyFactory?.checksummed == "0xa6B71E26C5e0845f74c812102Ca7114b6a896AB2")
        #expect(SafeDeployments.canonical(.v1_5_0).singletonForNewSafes?.checksummed == "0xEdd160fEBBD92E350D4D398fb636302fccd67C7e")
    }

    @Test("a malformed entry refuses the file, naming it", arguments: [
        (#"{"contracts": {"safeSingleton": "0x1234"}}"#, "contracts.safeSingleton"),
        (#"{"contracts": []}"#, "contracts"),
        (#"{"contracts": {"multiSend": null}}"#, "contracts.multiSend"),
        (#"{"contracts": {"safeSingelton": "0x29fcB43b46531BcA003ddC8FCB67FFE91900C762"}}"#, "contracts.safeSingelton"),
        (#"{"chainID": 31337}"#, "chainID"),
        (#"{"chainId": "0x7a69"}"#, "chainId"),
        (#"{"chainId": 31337, "chainId": 1}"#, "chainId"),
        (#"{"contracts": {"safeVersion": "9.9.9"}}"#, "contracts.safeVersion"),
        (#"{"accounts": [{"address": "nope"}]}"#, "accounts[0].address"),
        (#"{"safeVersions": []}"#, "safeVersions"),
        (#"{"safeVersions": {"1.2.0": {}}}"#, "safeVersions.1.2.0"),
        (#"{"safeVersions": {"1.3.0": {"multiSend": "0x12"}}}"#, "safeVersions.1.3.0.multiSend"),
        (#"{"safeVersions": {"1.5.0": {"testToken": "0x29fcB43b46531BcA003ddC8FCB67FFE91900C762"}}}"#, "safeVersions.1.5.0.testToken"),
    ])
    func malformed(file: String, entry: String) async throws {
        let (s, home) = try Self.services()
        defer { try? FileManager.default.removeItem(at: home) }
        do {
            _ = try await Self.add(s, file)
            Issue.record("accepted \(file)")
        } catch let e as DeploymentsFileError {
            #expect(e.description.contains("\"\(entry)\""), "\(e)")
        }
        #expect(try await s.dispatcher.dispatch(ListNetworks()).networks.isEmpty)
    }

    @Test("a file's chain ID must be the node's when the node answers; offline, the file's is taken")
    func nodeChainID() async throws {
        let (s, home) = try Self.services(nodeChain: 1)
        defer { try? FileManager.default.removeItem(at: home) }
        await #expect(throws: NetworkDefinitionError.nodeDisagrees(node: 1, claimed: 31337)) { try await Self.add(s, Self.good) }

        let (offline, offlineHome) = try Self.services(nodeChain: nil)
        defer { try? FileManager.default.removeItem(at: offlineHome) }
        #expect(try await Self.add(offline, Self.good).chainID == 31337)
    }

    @Test("an existing name is refused; replace changes it on purpose")
    func existingName() async throws {
        let (s, home) = try Self.services()
        defer { try? FileManager.default.removeItem(at: home) }
        _ = try await Self.add(s, Self.good)
        await #expect(throws: NetworkDefinitionError.nameTaken("devnet")) { try await Self.add(s, nil) }
        #expect(try await s.dispatcher.dispatch(ListNetworks()).networks.first?.contracts.safeSingleton != nil)
        let replaced = try await Self.add(s, nil, replace: true)
        #expect(replaced.contracts.safeSingleton == nil)
    }
}
