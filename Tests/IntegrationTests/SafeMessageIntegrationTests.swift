import BigInt
import EthereumKit
import Foundation
import Networking
import SafeKit
import Testing

extension OnDevnet {
    /// Safe messages against the real contracts: the hash Bifrost computes is the one each
    /// release's fallback handler computes.
    @Suite("Integration: Safe messages on the local chain")
    struct SafeMessageIntegrationTests {
        let devnet = Devnet.shared!
        static let getMessageHash = try! FunctionSignature("getMessageHash(bytes)")

        @Test("a text's and a typed-data message's SafeMessage hash equal the fallback handler's getMessageHash on chain",
              arguments: [SafeVersion.v1_3_0, .v1_4_1, .v1_5_0])
        func hashMatchesChain(_ version: SafeVersion) async throws {
            let f = try await SafeFixture(devnet: devnet, version: version)
            defer { f.remove() }
            let typed = try TypedData(try JSONParser.parse(#"""
                {"types":{"EIP712Domain":[{"name":"name","type":"string"},{"name":"chainId","type":"uint256"}],
                 "Order":[{"name":"maker","type":"address"},{"name":"amount","type":"uint256"},{"name":"note","type":"string"}]},
                 "primaryType":"Order","domain":{"name":"Exchange","chainId":31337},
                 "message":{"maker":"0x70997970C51812dc3A010C7d01b50e0d17dc79C8","amount":"1000000","note":"sell 1 for 2"}}
                """#))
            for content in [SafeMessage.Content.text("Sign in to app.example\nNonce: 42"), .typedData(typed)] {
                let message = SafeMessage(safe: f.safe, chainID: devnet.chainID, version: version, content: content)
                let call = try Self.getMessageHash.encodeCall([.bytes(try message.digest())])
                let onChain = try await f.remote().call(CallRequest(to: f.safe, data: call))
                #expect(onChain == (try message.hash()), "\(version.rawValue) \(content)")
            }
        }
    }
}
