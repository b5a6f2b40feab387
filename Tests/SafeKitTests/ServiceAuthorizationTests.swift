import BigInt
import EthereumKit
import Foundation
import SafeKit
import Testing

/// The Transaction Service's signed requests, byte for byte as safe-eth-py 7.17 builds them
/// (`transaction_service_messages.get_delegate_message` / `get_remove_transaction_message`) and
/// eth-account 0.13 signs them with Hardhat dev key 0, at totp 500000.
@Suite("Service authorization: delete and delegate requests")
struct ServiceAuthorizationTests {
    static let key = try! PrivateKey(hex: "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80")

    @Test("the delegate digest and signature match safe-eth-py's")
    func delegate() throws {
        let digest = ServiceAuthorization.delegateDigest(delegate: try Address("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"), chainID: 31337, totp: 500_000)
        #expect(Hex.encode(digest) == "0xeb839758538057043d9b7b15e54333f2e3d7fae8e9bf2b80e404c972a9bf3aa3")
        let signature = try Hex.decode("f0851b2893732ae21ee457d44fd4252b201cf787c52b8dab542491268683f3d43777d2891a263dc2ed1330830749dac9e77583e7e6b3bcda664f7f75d91205e61b")
        #expect(ServiceAuthorization.isSigned(signature, by: Self.key.address, overAnyOf: [digest]))
        #expect(try Self.key.sign(digest: digest).rsv == signature)
    }

    @Test("the delete digest and signature match safe-eth-py's; another Safe's or hour's digest does not verify")
    func delete() throws {
        let safe = try Address("0x00000000000000000000000000000000000005af")
        let hash = [UInt8](repeating: 0x11, count: 32)
        let digest = ServiceAuthorization.deleteDigest(safeTxHash: hash, safe: safe, chainID: 31337, totp: 500_000)
        #expect(Hex.encode(digest) == "0xff88df2e38c481046d04294714164d0b8dcdb2e710414a6f775dab8ae0b7ae6a")
        let signature = try Hex.decode("f9b64efe04d08d565c4841bb5589fdd5575425bff632477cc70f7d405153900a55e528a7e5c2b8dbc3bc3f20f95efbeb696d9c37d4fe98fbbb85dbfa6135862a1c")
        #expect(ServiceAuthorization.isSigned(signature, by: Self.key.address, overAnyOf: [digest]))
        let otherSafe = ServiceAuthorization.deleteDigest(safeTxHash: hash, safe: Self.key.address, chainID: 31337, totp: 500_000)
        let otherHour = ServiceAuthorization.deleteDigest(safeTxHash: hash, safe: safe, chainID: 31337, totp: 499_998)
        #expect(!ServiceAuthorization.isSigned(signature, by: Self.key.address, overAnyOf: [otherSafe, otherHour]))
        #expect(!ServiceAuthorization.isSigned(signature, by: safe, overAnyOf: [digest]), "someone else's signature")
        #expect(!ServiceAuthorization.isSigned(Array(signature.prefix(64)), by: Self.key.address, overAnyOf: [digest]))
    }

    @Test("a signature is good for its hour and the next, not the one after, and only by the signers named")
    func hours() throws {
        let t = Date(timeIntervalSince1970: 500_000 * 3600 + 1800)
        #expect(ServiceAuthorization.totp(at: t) == 500_000)
        #expect(ServiceAuthorization.acceptedTOTPs(at: t) == [500_000, 499_999])
        let delegate = try Address("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC")
        let message = { ServiceAuthorization.delegateDigest(delegate: delegate, chainID: 31337, totp: $0) }
        let signature = try Self.key.sign(digest: message(500_000)).rsv
        #expect(ServiceAuthorization.isSigned(signature, byAnyOf: [delegate, Self.key.address], at: t, message: message))
        #expect(ServiceAuthorization.isSigned(signature, byAnyOf: [Self.key.address], at: t.addingTimeInterval(3600), message: message))
        #expect(!ServiceAuthorization.isSigned(signature, byAnyOf: [Self.key.address], at: t.addingTimeInterval(7200), message: message))
        #expect(!ServiceAuthorization.isSigned(signature, byAnyOf: [delegate], at: t, message: message))
    }
}
