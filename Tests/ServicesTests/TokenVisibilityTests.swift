import BigInt
import Foundation
import Networking
import NetworkingTesting
import Services
import Storage
import Testing

/// Hiding and showing a known token is a local setting: no node is asked.
@Suite("Token visibility offline")
struct TokenVisibilityTests {
    @Test("hide and unhide flip the whitelist flag of a stored token; an unknown token is a typed error; nothing reaches a node")
    func hideAndUnhide() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-tokens-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let services = try AppServices.open(home: BifrostHome(url: home), lightKDF: true, http: MockNetwork.failing(with: .unreachable("offline test")))
        let storage = TokenStorage(database: try AppDatabase.open(home: BifrostHome(url: home)))
        let address = try Address("0x58c1c343c185Aa5CD3c2Cc1c2b7d7bD055F1bf98")
        try await storage.save(Token(chainID: 31337, address: address, name: "Test", symbol: "TT", decimals: 18, whitelisted: true, addedAt: Date()))

        let hidden = try await services.dispatcher.dispatch(SetTokenHidden(address: address, hidden: true, chainID: 31337))
        #expect(hidden.whitelisted == false)
        #expect(try await services.dispatcher.dispatch(TokensOnChain(chainID: 31337)).map(\.whitelisted) == [false])
        let shown = try await services.dispatcher.dispatch(SetTokenHidden(address: address, hidden: false, chainID: 31337))
        #expect(shown.whitelisted == true)
        #expect(try await storage.token(chainID: 31337, address: address)?.whitelisted == true)
        await #expect(throws: ChainError.unknownToken(address)) {
            try await services.dispatcher.dispatch(SetTokenHidden(address: address, hidden: true, chainID: 1))
        }
    }
}
