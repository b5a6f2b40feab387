import BigInt
import EthereumKit
import struct Foundation.Data

/// A Safe's configuration and balance as `SafeStateProbe` read them, before or after a call.
public struct SafeStateSnapshot: Sendable, Hashable {
    /// Storage slot 0: the contract the Safe's proxy runs.
    public var singleton: Address
    public var ownerCount: BigUInt
    public var threshold: BigUInt
    public var nonce: BigUInt
    public var guardAddress: Address
    public var fallbackHandler: Address
    /// The module guard (Safe 1.5.0); zero on earlier releases.
    public var moduleGuard: Address
    /// The Safe's ETH balance.
    public var balance: BigUInt
    /// The watched addresses' ETH balances, in the order they were given.
    public var balances: [BigUInt]
    /// The owners in the Safe's order.
    public var owners: [Address]
    public var modules: [Address]
    /// A list longer than `SafeStateProbe.listLimit`, or not ending at the sentinel, was cut.
    public var listsCut: Bool

    /// Reads the probe's answer; nil when it is not one (a node or Safe that answered otherwise).
    public init?(probeAnswer words: [UInt8]) {
        guard words.count >= 11 * 32, words.count % 32 == 0 else { return nil }
        func word(_ i: Int) -> BigUInt {
            let start = i * 32
            return BigUInt(Data(words[start ..< start + 32]))
        }
        func address(_ i: Int) -> Address {
            let start = i * 32 + 12
            return try! Address(bytes: Array(words[start ..< start + 20]))
        }
        singleton = address(0)
        ownerCount = word(1)
        threshold = word(2)
        nonce = word(3)
        guardAddress = address(4)
        fallbackHandler = address(5)
        moduleGuard = address(6)
        balance = word(7)
        var at = 8
        func count(limit: Int) -> Int? {
            guard at < words.count / 32, let count = Int(exactly: word(at)), count <= limit, at + 1 + count <= words.count / 32 else { return nil }
            return count
        }
        func list() -> [Address]? {
            guard let count = count(limit: SafeStateProbe.listLimit + 1) else { return nil }
            defer { at += 1 + count }
            return (0..<count).map { address(at + 1 + $0) }
        }
        guard let owners = list(), let modules = list(), let watched = count(limit: SafeStateProbe.watchLimit),
              at + 1 + watched == words.count / 32 else { return nil }
        balances = (0..<watched).map { word(at + 1 + $0) }
        listsCut = owners.count > SafeStateProbe.listLimit || modules.count > SafeStateProbe.listLimit
        self.owners = Array(owners.prefix(SafeStateProbe.listLimit))
        self.modules = Array(modules.prefix(SafeStateProbe.listLimit))
    }
}

/// What a run of `SafeStateProbe` through `simulateAndRevert` came to.
public enum SafeProbeOutcome: Sendable, Hashable {
    /// The call ran; the Safe as it stands after.
    case state(SafeStateSnapshot)
    /// The call itself failed, with its reason.
    case reverted(String)
    /// The answer was not the probe's (an older Safe, or a node that ignored the override).
    case unreadable(String)

    /// Reads the revert data of `simulateAndRevert`: `success ‖ length ‖ the probe's answer`.
    public init(revertData: [UInt8]) {
        guard revertData.count >= 64, revertData[0..<31].allSatisfy({ $0 == 0 }), revertData[31] <= 1 else {
            self = .unreadable("the Safe did not answer simulateAndRevert (\(RevertReason.describe(revertData)))")
            return
        }
        let answer = Array(revertData.dropFirst(64))
        guard revertData[31] == 1 else {
            self = .reverted(RevertReason.describe(answer))
            return
        }
        guard let snapshot = SafeStateSnapshot(probeAnswer: answer) else {
            self = .unreadable("the probe's answer did not read (\(answer.count) bytes)")
            return
        }
        self = .state(snapshot)
    }
}
