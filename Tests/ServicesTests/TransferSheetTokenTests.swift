import BigInt
import Foundation
import Networking
import NetworkingTesting
import Services
import Testing

/// Issue 38, finding 16: a transfer sheet whose token column names something that is not a token
/// (an account with no code, or a contract that does not answer `balanceOf`) is refused with the
/// line and the address, not with the ABI decoder's "data ends too early".
@Suite("Transfer sheets: a token that is not one")
struct TransferSheetTokenTests {
    typealias Base = SafeOfflineTests
    // No code on the mock node: a call to it answers empty data.
    static let noCode = try! Address("0x976EA74026E726554dB657fA54763abd0C3a0aa9")
    // Code that reverts every call the Safe mock does not know, as a contract without balanceOf does.
    static let reverting = try! Address("0x14dC79964da2C08b23698B3D3cc7Ca32193d9955")

    static func propose(_ sheet: String, on f: Base.Fixture) async throws -> SafeTransactionEntry {
        f.network.clearFaults()
        var node = MockSafeNode(chainID: Base.chainID, owners: Base.keys.prefix(2).map(\.address), threshold: 2, nonce: 3, balance: BigUInt(10).power(20))
        node.accountsWithoutCode = [Self.noCode]
        f.network.serve(node)
        _ = try? await f.services.dispatcher.dispatch(AddNetwork(name: "node", rpcURL: "http://127.0.0.1:8545", chainID: Base.chainID, deployments: nil))
        return try await f.services.dispatcher.dispatch(ProposeSafeTransaction(
            safe: Base.safeAddress, intent: .transfers(try TransferSheet(csv: sheet)), chain: ChainSelection(networkName: "node")))
    }

    /// What proposing `sheet` is refused with.
    static func refusal(_ sheet: String) async throws -> (any Error)? {
        let f = try await Base.fixture()
        defer { f.cleanUp() }
        do { _ = try await propose(sheet, on: f); return nil } catch { return error }
    }

    @Test("an account with no code in the token column: the line and the address, in a typed error")
    func accountWithoutCode() async throws {
        let payee = Base.keys[2].address.checksummed
        let sheet = "token_type,token_address,receiver,amount,id\nnative,,\(payee),0.25,\n\nerc20,\(Self.noCode.checksummed),\(payee),12,\n"
        let error = try await Self.refusal(sheet)
        let text = error.map { String(describing: $0) } ?? "accepted"
        #expect(text.contains("line 4") && text.contains(Self.noCode.checksummed) && !text.contains("ends too early"), "\(text)")
        #expect(error as? SafeError == .sheetTokenRefused(line: 4, token: Self.noCode))
    }

    @Test("a contract that reverts balanceOf in the short form: the line and the address too")
    func revertingContract() async throws {
        let payee = Base.keys[2].address.checksummed
        let error = try await Self.refusal("\(Self.reverting.checksummed),\(payee),1.5\n")
        let text = error.map { String(describing: $0) } ?? "accepted"
        #expect(text.contains("line 1") && text.contains(Self.reverting.checksummed), "\(text)")
        #expect(error as? SafeError == .sheetTokenRefused(line: 1, token: Self.reverting))
    }
}
