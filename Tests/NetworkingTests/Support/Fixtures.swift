import EthereumKit
import Foundation
import Networking
import NetworkingTesting

/// Shared test values: the fixture-backed mock, and the accounts the fixtures mention (anvil's first
/// two dev accounts and the first contract deployed by the first one).
enum Fixture {
    static let endpoint = try! RPCEndpoint("http://127.0.0.1:8545")
    static let alice = try! Address("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")
    static let bob = try! Address("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")
    static let token = try! Address("0x5FbDB2315678afecb367f032d93F642f64180aa3")
    static let txHash = try! [UInt8](hex: "0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b")
    static let blockHash = try! [UInt8](hex: "0x2f8b5a3c2d0e5e8b1a6f7c4d9e0b3a2c1d4e5f6a7b8c9d0e1f2a3b4c5d6e7f80")
    static let transferTopic = try! [UInt8](hex: "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef")

    /// A mock answering from `Tests/NetworkingTests/Fixtures`.
    static func mock() throws -> MockNetwork {
        try MockNetwork(bundle: .module)
    }

    /// A remote over `network` at the fixture endpoint.
    static func remote(_ network: any Network) -> EthereumRemote {
        EthereumRemote(rpc: JSONRPCClient(network: network, endpoint: endpoint))
    }

    /// The JSON body of the `index`th recorded request.
    static func body(_ network: MockNetwork, _ index: Int = 0) throws -> JSONValue {
        try JSONParser.parse(network.requests[index].body)
    }

    /// A 32-byte topic holding `address`, as indexed event arguments are stored.
    static func topic(_ address: Address) -> [UInt8] {
        [UInt8](repeating: 0, count: 12) + address.bytes
    }
}
