import BigInt
import EthereumKit

/// How a Safe moves to another release, decided once for every front end: a 1.1.1 Safe moves to
/// 1.3.0 with `changeMasterCopy` and `setFallbackHandler` in one MultiSend (as Safe{Wallet} does);
/// a 1.1.1, 1.3.0 or 1.4.1 Safe moves to an L2 singleton through the official SafeToL2Migration
/// (`migrateFromV111`, `migrateToL2`), whose own rules (nonce 0: no transaction executed before;
/// supported releases) are checked here first so a proposal the contract would refuse is never made. Every plan is one delegatecall from the Safe.
public struct SafeUpgradePlan: Sendable, Equatable {
    /// Which way the Safe moves.
    public enum Path: String, Sendable, Equatable {
        /// MultiSend of `changeMasterCopy(singleton)` and `setFallbackHandler(handler)`, each a call to the Safe itself.
        case changeMasterCopy
        /// SafeToL2Migration's `migrateToL2(l2Singleton)`: the same release, its L2 build.
        case migrateToL2
        /// SafeToL2Migration's `migrateFromV111(l2Singleton, fallbackHandler)`.
        case migrateFromV111
    }

    public let path: Path
    public let from: SafeVersion
    public let to: SafeVersion
    /// Whether the new singleton is an L2 build.
    public let l2: Bool
    /// The singleton the Safe runs afterwards.
    public let singleton: Address
    /// The fallback handler it has afterwards; nil when the plan leaves it as it is.
    public let fallbackHandler: Address?
    /// The contract the Safe delegatecalls: the MultiSend or the migration.
    public let target: Address
    /// The delegatecall's data.
    public let data: [UInt8]

    /// What the Safe knows of itself, and what the network offers, for `plan`.
    public struct Inputs: Sendable, Equatable {
        public var safe: Address
        public var version: SafeVersion
        /// Storage slot 0: the singleton it runs now.
        public var singleton: Address?
        public var nonce: BigUInt
        /// The target release's contracts (singleton, L2 singleton, handler, MultiSend) on this chain.
        public var targetContracts: SafeContractSet
        /// SafeToL2Migration on this chain, when known.
        public var migration: Address?
        /// A MultiSend on this chain (any release), when known.
        public var multiSend: Address?

        /// Inputs for `plan`.
        public init(safe: Address, version: SafeVersion, singleton: Address?, nonce: BigUInt, targetContracts: SafeContractSet,
                    migration: Address?, multiSend: Address?) {
            self.safe = safe
            self.version = version
            self.singleton = singleton
            self.nonce = nonce
            self.targetContracts = targetContracts
            self.migration = migration
            self.multiSend = multiSend
        }
    }

    /// The plan moving the Safe of `inputs` to release `target` (its L2 build when `l2`), or why none can.
    public static func plan(_ inputs: Inputs, to target: SafeVersion, l2: Bool) throws(SafeUpgradeRefusal) -> SafeUpgradePlan {
        let from = inputs.version
        let set = inputs.targetContracts
        if l2 {
            guard from == .v1_1_1 || (from == target && (target == .v1_3_0 || target == .v1_4_1)) else {
                throw .noPath(from: from, to: target, l2: true)
            }
            guard target == .v1_3_0 || target == .v1_4_1 else { throw .noPath(from: from, to: target, l2: true) }
            guard let singleton = set.safeL2Singleton else { throw .missingContract("Safe \(target.rawValue) L2 singleton") }
            guard let migration = inputs.migration else { throw .missingContract("SafeToL2Migration") }
            guard inputs.singleton != singleton else { throw .alreadyThere(singleton) }
            // Both ways read the nonce after execTransaction raised it and want 1: no transaction before this one.
            guard inputs.nonce == 0 else { throw .nonceNotZero(inputs.nonce) }
            if from == .v1_1_1 {
                guard let handler = set.fallbackHandler else { throw .missingContract("Safe \(target.rawValue) fallback handler") }
                return SafeUpgradePlan(path: .migrateFromV111, from: from, to: target, l2: true, singleton: singleton, fallbackHandler: handler,
                                       target: migration, data: SafeUpgradeCalls.migrateFromV111(l2Singleton: singleton, fallbackHandler: handler))
            }
            return SafeUpgradePlan(path: .migrateToL2, from: from, to: target, l2: true, singleton: singleton, fallbackHandler: nil,
                                   target: migration, data: SafeUpgradeCalls.migrateToL2(l2Singleton: singleton))
        }
        guard from == .v1_1_1, target == .v1_3_0 else {
            if from == target { throw .sameRelease(target) }
            throw .noPath(from: from, to: target, l2: false)
        }
        guard let singleton = set.safeSingleton else { throw .missingContract("Safe \(target.rawValue) singleton") }
        guard let handler = set.fallbackHandler else { throw .missingContract("Safe \(target.rawValue) fallback handler") }
        guard let multiSend = inputs.multiSend else { throw .missingContract("MultiSend") }
        guard inputs.singleton != singleton else { throw .alreadyThere(singleton) }
        let calls = [MultiSendCall(to: inputs.safe, data: SafeUpgradeCalls.changeMasterCopy(singleton)),
                     MultiSendCall(to: inputs.safe, data: SafeUpgradeCalls.setFallbackHandler(handler))]
        return SafeUpgradePlan(path: .changeMasterCopy, from: from, to: target, l2: false, singleton: singleton, fallbackHandler: handler,
                               target: multiSend, data: try! MultiSend.multiSendCall(calls))
    }

    /// The upgrade offered to a Safe of `version` unasked, as Safe{Wallet} offers a 1.1.1 Safe its
    /// update: 1.3.0 through MultiSend; nil for any other (a move to L2 is asked for, not offered).
    public static func offered(from version: SafeVersion) -> SafeVersion? { version == .v1_1_1 ? .v1_3_0 : nil }

    /// The release the Safe reports afterwards, e.g. "1.3.0+L2".
    public var release: String { to.rawValue + (l2 ? "+L2" : "") }

    /// One line for a review or a list: "upgrade Safe 1.1.1 to 1.3.0: singleton 0x…, fallback handler 0x…".
    public var summary: String {
        let handler = fallbackHandler.map { ", fallback handler \($0.checksummed)" } ?? ""
        let how = path == .changeMasterCopy ? "through MultiSend" : "through SafeToL2Migration"
        return "upgrade Safe \(from.rawValue) to \(release) \(how): singleton \(singleton.checksummed)\(handler)"
    }
}

/// Why a Safe cannot be upgraded as asked; each reads as one line for the user.
public enum SafeUpgradeRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    case noPath(from: SafeVersion, to: SafeVersion, l2: Bool)
    case sameRelease(SafeVersion)
    case alreadyThere(Address)
    case nonceNotZero(BigUInt)
    case missingContract(String)

    public var description: String {
        switch self {
        case .noPath(let from, let to, let l2):
            let paths = "Bifrost upgrades 1.1.1 to 1.3.0 (MultiSend), 1.1.1 to 1.3.0 or 1.4.1 L2, and 1.3.0 or 1.4.1 to its own L2 build (SafeToL2Migration)"
            return "no upgrade from Safe \(from.rawValue) to \(to.rawValue)\(l2 ? " L2" : ""): \(paths)"
        case .sameRelease(let v): return "the Safe is already \(v.rawValue); only a move to its L2 build remains"
        case .alreadyThere(let singleton): return "the Safe already runs \(singleton.checksummed)"
        case .nonceNotZero(let nonce):
            return "SafeToL2Migration moves only a Safe that has executed no transaction (nonce 0); this one's nonce is \(nonce)"
        case .missingContract(let what): return "no \(what) is known on this network"
        }
    }
}

/// The calls an upgrade is made of.
public enum SafeUpgradeCalls {
    static func call(_ signature: String, _ values: [ABIValue]) -> [UInt8] { try! FunctionSignature(signature).encodeCall(values) }

    /// `changeMasterCopy(singleton)`, a Safe's call to itself (before 1.3.0).
    public static func changeMasterCopy(_ singleton: Address) -> [UInt8] { call("changeMasterCopy(address)", [.address(singleton)]) }
    /// `setFallbackHandler(handler)`, a Safe's call to itself.
    public static func setFallbackHandler(_ handler: Address) -> [UInt8] { call("setFallbackHandler(address)", [.address(handler)]) }
    /// SafeToL2Migration's `migrateToL2(l2Singleton)`.
    public static func migrateToL2(l2Singleton: Address) -> [UInt8] { call("migrateToL2(address)", [.address(l2Singleton)]) }
    /// SafeToL2Migration's `migrateFromV111(l2Singleton, fallbackHandler)`.
    public static func migrateFromV111(l2Singleton: Address, fallbackHandler: Address) -> [UInt8] {
        call("migrateFromV111(address,address)", [.address(l2Singleton), .address(fallbackHandler)])
    }
}
