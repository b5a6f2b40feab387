import BigInt
import Foundation
import Networking
import NetworkingTesting
import Services
import Testing

@Suite("The address book: names per chain, Safe{Wallet}'s CSV, names in text and JSON, look-alikes of entries")
struct AddressBookTests {
    static let alice = try! Address("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")
    static let bob = try! Address("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC")
    /// Alice's first and last four hex digits, another address: the poisoning shape.
    static let aliceTwin = try! Address("0x7099000000000000000000000000000000c879C8".lowercased())

    /// A home with a network named `dev` on chain 31337, offline: the book needs no node.
    static func services() async throws -> (AppServices, URL) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-book-\(UUID().uuidString)")
        let services = try AppServices.open(home: BifrostHome(url: home), lightKDF: true, http: MockNetwork.failing(with: .unreachable("offline test")))
        _ = try await services.dispatcher.dispatch(AddNetwork(name: "dev", rpcURL: "http://127.0.0.1:1", chainID: 31337, deployments: nil))
        return (services, home)
    }

    @Test("add, rename, list, remove on the chain in use without a node; another chain's entries stay apart")
    func addListRemove() async throws {
        let (s, home) = try await Self.services()
        defer { try? FileManager.default.removeItem(at: home) }
        let chain = ChainSelection(networkName: "dev")
        let added = try await s.dispatcher.dispatch(AddAddressBookEntry(address: Self.alice, name: " Alice ", chain: chain))
        #expect(added.chainID == 31337 && added.name == "Alice")
        _ = try await s.dispatcher.dispatch(AddAddressBookEntry(address: Self.alice, name: "Alice (payroll)", chain: chain))
        _ = try await s.dispatcher.dispatch(AddAddressBookEntry(address: Self.bob, name: "Bob", chainID: 1, chain: chain))
        #expect(try await s.dispatcher.dispatch(ListAddressBook(chain: chain)).map(\.name) == ["Alice (payroll)"])
        #expect(try await s.dispatcher.dispatch(ListAddressBook(allChains: true, chain: chain)).count == 2)
        await #expect(throws: AddressBookError.notInBook(Self.bob, chainID: 31337)) {
            try await s.dispatcher.dispatch(RemoveAddressBookEntry(address: Self.bob, chain: chain))
        }
        #expect(try await s.dispatcher.dispatch(RemoveAddressBookEntry(address: Self.alice, chain: chain)).name == "Alice (payroll)")
        #expect(try await s.dispatcher.dispatch(ListAddressBook(chain: chain)).isEmpty)
        await #expect(throws: AddressBookError.self) {
            try await s.dispatcher.dispatch(AddAddressBookEntry(address: Self.bob, name: "two\nlines", chain: chain))
        }
    }

    @Test("a Safe{Wallet} CSV imports whole or not at all, and exports back to the same rows")
    func importExport() async throws {
        let (s, home) = try await Self.services()
        defer { try? FileManager.default.removeItem(at: home) }
        let chain = ChainSelection(networkName: "dev")
        let bad = "address,name,chainId\n\(Self.alice.checksummed),Alice,1\n0x12,Broken,1\n"
        await #expect(throws: AddressBookError.badSheet("line 3: an address has 20 bytes (40 hex digits), got 2 hex digits")) {
            try await s.dispatcher.dispatch(ImportAddressBook(csv: bad, chain: chain))
        }
        #expect(try await s.dispatcher.dispatch(ListAddressBook(allChains: true, chain: chain)).isEmpty, "nothing from a refused file")
        let good = "address,name,chainId\n\(Self.alice.checksummed),Alice,1\n\(Self.bob.checksummed),Bob,\n"
        let imported = try await s.dispatcher.dispatch(ImportAddressBook(csv: good, chain: chain))
        #expect(imported.map(\.chainID) == [1, 31337], "a row without a chain is for the chain in use")
        let all = try await s.dispatcher.dispatch(ListAddressBook(allChains: true, chain: chain))
        #expect(try SafeKit.AddressBookSheet(csv: AddressBookEntry.csv(all)).rows.map(\.name).sorted() == ["Alice", "Bob"])
    }

    @Test("names annotate text and JSON: the book first, then Safes and keys; another chain's entry only where this chain has none")
    func names() async throws {
        let (s, home) = try await Self.services()
        defer { try? FileManager.default.removeItem(at: home) }
        let chain = ChainSelection(networkName: "dev")
        _ = try await s.dispatcher.dispatch(AddAddressBookEntry(address: Self.alice, name: "Alice", chain: chain))
        _ = try await s.dispatcher.dispatch(AddAddressBookEntry(address: Self.alice, name: "Alice on mainnet", chainID: 1, chain: chain))
        _ = try await s.dispatcher.dispatch(AddAddressBookEntry(address: Self.bob, name: "Bob on mainnet", chainID: 1, chain: chain))
        let names = try await s.dispatcher.dispatch(AddressNamesQuery(chainID: 31337))
        #expect(names.name(Self.alice) == "Alice" && names.name(Self.bob) == "Bob on mainnet")
        #expect(names.annotate("send 1 ETH to \(Self.alice.checksummed), then \(Self.aliceTwin.checksummed)")
                == "send 1 ETH to \(Self.alice.checksummed) (Alice), then \(Self.aliceTwin.checksummed)")
        #expect(names.annotate("0x\(String(Self.alice.checksummed.dropFirst(2)))ff") == "0x\(String(Self.alice.checksummed.dropFirst(2)))ff",
                "a longer hex string is not the address")
        let json: JSONValue = .object([("owners", .array([.string(Self.alice.checksummed)])), ("summary", .string("pay \(Self.bob.checksummed)"))])
        #expect(names.mentioned(in: json).map(\.key) == [Self.bob.checksummed, Self.alice.checksummed].sorted())
    }
}
