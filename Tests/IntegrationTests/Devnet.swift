import BigInt
import Foundation
import Networking
import Services
import Storage
import Testing

/// The local chain the integration tests share, described by the deployments file that
/// `scripts/devnet start` writes. Its path comes from `BIFROST_DEVNET_DEPLOYMENTS`.
struct Devnet: Sendable {
    let rpcURL: String
    let chainID: BigUInt
    let deploymentsJSON: [UInt8]
    let accounts: [(address: Address, key: PrivateKey)]
    let testToken: Address
    /// Each Safe release's contracts, from the file's "safeVersions".
    let safeVersions: [SafeVersion: SafeContractSet]

    /// Nil when no devnet is configured; `BIFROST_REQUIRE_DEVNET=1` (CI) turns that into a failure.
    static let shared: Devnet? = load("BIFROST_DEVNET_DEPLOYMENTS")

    /// A second local chain with another chain ID (`scripts/devnet --chain-id 31338`), for a server serving two.
    static let second: Devnet? = load("BIFROST_DEVNET2_DEPLOYMENTS")

    /// The chain whose deployments file `variable` names.
    static func load(_ variable: String) -> Devnet? {
        let env = ProcessInfo.processInfo.environment
        guard let path = env[variable], let data = FileManager.default.contents(atPath: path),
              let json = try? JSONParser.parse([UInt8](data)) else {
            if env["BIFROST_REQUIRE_DEVNET"] == "1" { fatalError("BIFROST_REQUIRE_DEVNET=1 but no readable \(variable)") }
            return nil
        }
        let accounts = (json["accounts"]?.arrayValue ?? []).compactMap { a -> (Address, PrivateKey)? in
            guard let addr = a["address"]?.stringValue, let key = a["privateKey"]?.stringValue,
                  let address = try? Address(addr), let pk = try? PrivateKey(hex: key) else { return nil }
            return (address, pk)
        }
        guard let rpc = json["rpcUrl"]?.stringValue, let chain = json["chainId"]?.text.flatMap(IntegerText.parseUnsigned),
              let token = json["contracts"]?["testToken"]?.stringValue.flatMap({ try? Address($0) }) else { return nil }
        let versions = (try? DeploymentsFile(json: [UInt8](data)))?.contracts.safeVersions ?? [:]
        return Devnet(rpcURL: rpc, chainID: chain, deploymentsJSON: [UInt8](data), accounts: accounts, testToken: token, safeVersions: versions)
    }

    static var available: Bool { shared != nil }
}

/// Every suite that sends transactions nests here, so they run one at a time: some share dev
/// accounts (the token holder), and concurrent sends from one account would race for nonces.
@Suite("Integration on the local chain", .serialized, .enabled(if: Devnet.available, "set BIFROST_DEVNET_DEPLOYMENTS (scripts/test does)"))
struct OnDevnet {}

/// A throwaway Bifrost home wired to the devnet, counting HTTP round trips.
struct TestWallet: Sendable {
    let services: AppServices
    let http: CountingNetwork
    let home: URL
    let chain = ChainSelection(networkName: "devnet")

    /// A new home on `devnet`; its Ledger keys reach the device at `ledger` (`tcp:HOST:PORT`).
    init(devnet: Devnet, ledger: String? = nil) async throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-it-\(UUID().uuidString)")
        http = CountingNetwork(LiveNetwork.shared)
        services = try AppServices.open(home: BifrostHome(url: home), lightKDF: true, http: http, ledger: .at(ledger))
        _ = try await services.dispatcher.dispatch(AddNetwork(name: "devnet", rpcURL: devnet.rpcURL, chainID: nil,
                                                              deployments: devnet.deploymentsJSON))
    }

    /// Imports dev account `index` under `name` with the test password.
    func importDevKey(_ devnet: Devnet, index: Int, name: String) async throws -> Address {
        try await services.keys.importPrivateKey(name: name, key: devnet.accounts[index].key, password: "pw").address
    }

    func remove() { try? FileManager.default.removeItem(at: home) }
}

/// Passes requests through and counts them, to assert round trips.
final class CountingNetwork: Networking.Network, @unchecked Sendable {
    private let inner: any Networking.Network
    private let lock = NSLock()
    private var count = 0

    init(_ inner: any Networking.Network) { self.inner = inner }

    var roundTrips: Int { lock.withLock { count } }
    func reset() { lock.withLock { count = 0 } }

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        lock.withLock { count += 1 }
        return try await inner.send(request)
    }

    func events(_ request: HTTPRequest) -> AsyncThrowingStream<ServerSentEvent, any Error> {
        lock.withLock { count += 1 }
        return inner.events(request)
    }
}
