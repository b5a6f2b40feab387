import BigInt
import EthereumKit
import SafeKit
import Testing

/// The named risks a review finds without any outside service, each from the facts given.
@Suite("Risk checks: refunds, nonces, look-alike recipients, the Safe's own setup")
struct SafeRiskCheckTests {
    static let safe = try! Address("0x6925C5e9AE423ce8c96DAb7cB4030f1e12bF4899")
    static let owner = try! Address("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")
    /// The owner's first and last four hex digits around other bytes: an address-poisoning twin.
    static let twin = try! Address(bytes: Array(owner.bytes.prefix(2)) + [UInt8](repeating: 0x11, count: 16) + Array(owner.bytes.suffix(2)))

    static func tx(to: Address = owner, value: BigUInt = 1, nonce: BigUInt = 3, gasPrice: BigUInt = 0, gasToken: Address = .zero,
                   refundReceiver: Address = .zero) -> SafeTx {
        SafeTx(safe: safe, chainID: 1, version: .v1_4_1, to: to, value: value, gasPrice: gasPrice, gasToken: gasToken,
               refundReceiver: refundReceiver, nonce: nonce)
    }

    static let check = SafeRiskCheck(safeNonce: 3, queuedNonces: [4], known: [owner: "an owner", safe: "this Safe"])

    static func risks(_ tx: SafeTx) -> [SafeRisk] { check.risks(of: tx, call: CallDecoder().decode(tx)) }

    @Test("a plain transfer to a known owner at the Safe's nonce: no risk")
    func none() { #expect(Self.risks(Self.tx()).isEmpty) }

    @Test("a refund: critical with a gas price (the drain), a warning with only a receiver or token")
    func refund() {
        let drain = Self.risks(Self.tx(gasPrice: 1_000_000_000, refundReceiver: Self.twin))
        #expect(drain.first?.name == "refund-drain" && drain.first?.severity == .critical)
        #expect(drain.first?.message.contains("gasPrice 1000000000 in ETH, to \(Self.twin.checksummed)") == true)
        let receiverOnly = Self.risks(Self.tx(refundReceiver: Self.owner))
        #expect(receiverOnly.map(\.name) == ["refund-drain"] && receiverOnly[0].severity == .warning)
    }

    @Test("a nonce ahead of the Safe's, or one another queued transaction has")
    func nonces() {
        #expect(Self.risks(Self.tx(nonce: 5)).map(\.name) == ["nonce-ahead"])
        #expect(Self.risks(Self.tx(nonce: 5))[0].message == "nonce 5 is ahead of the Safe's nonce 3: it cannot run until 2 earlier transaction(s) do")
        #expect(Self.risks(Self.tx(nonce: 4)).map(\.name) == ["nonce-ahead", "nonce-taken"])
    }

    @Test("a recipient with an owner's first and last four digits but not the owner is critical, in a transfer, a token transfer's argument or a batch")
    func lookalike() throws {
        let direct = Self.risks(Self.tx(to: Self.twin))
        #expect(direct.map(\.name) == ["lookalike-address"] && direct[0].severity == .critical)
        #expect(direct[0].message == "\(Self.twin.checksummed) looks like \(Self.owner.checksummed) (an owner) but is a different address: check every character")
        let token = try Address("0x5FbDB2315678afecb367f032d93F642f64180aa3")
        let transfer = try FunctionSignature("transfer(address,uint256)").encodeCall([.address(Self.twin), .uint(5)])
        let tokenTx = SafeTx(safe: Self.safe, chainID: 1, version: .v1_4_1, to: token, value: 0, data: transfer, nonce: 3)
        #expect(Self.risks(tokenTx).map(\.name) == ["lookalike-address"])
        #expect(SafeRiskCheck.looksAlike(Self.owner, Self.twin) && !SafeRiskCheck.looksAlike(Self.owner, Self.owner))
        #expect(!SafeRiskCheck.looksAlike(Self.owner, token))
    }

    @Test("the Safe's own setup: an unknown singleton is critical; an unknown fallback handler is a warning, any guard notable; a canonical Safe has none")
    func setup() throws {
        func snapshot(singleton: Address, fallback: Address, guardAddress: Address) throws -> SafeStateSnapshot {
            func word(_ a: Address) -> [UInt8] { [UInt8](repeating: 0, count: 12) + a.bytes }
            let zero = [UInt8](repeating: 0, count: 32)
            let answer = word(singleton) + zero + zero + zero + word(guardAddress) + word(fallback) + zero + zero + zero + zero + zero
            return try #require(SafeStateSnapshot(probeAnswer: answer))
        }
        let names = SafeContractNames()
        let canonical = try snapshot(singleton: SafeDeployments.safeL2Singleton, fallback: SafeDeployments.fallbackHandler, guardAddress: .zero)
        #expect(SafeRiskCheck.setupRisks(canonical, names: names).isEmpty)
        let odd = try snapshot(singleton: Self.twin, fallback: Self.owner, guardAddress: Self.owner)
        #expect(SafeRiskCheck.setupRisks(odd, names: names).map(\.name) == ["unknown-singleton", "unknown-fallback-handler", "guard-set"])
        #expect(SafeRiskCheck.setupRisks(odd, names: names).map(\.severity) == [.critical, .warning, .notable])
    }
}
