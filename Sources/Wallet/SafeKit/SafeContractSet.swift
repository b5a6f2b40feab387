import EthereumKit

/// One Safe release's contracts on one chain; any may be unknown.
public struct SafeContractSet: Sendable, Hashable {
    public var safeSingleton: Address?
    /// The L2 build, which also emits an event for every execution.
    public var safeL2Singleton: Address?
    public var safeProxyFactory: Address?
    public var fallbackHandler: Address?
    public var multiSend: Address?
    public var multiSendCallOnly: Address?
    public var signMessageLib: Address?
    /// The official SafeToL2Migration a Safe delegatecalls to move to its L2 singleton (1.4.1 release).
    public var safeToL2Migration: Address?

    /// A set with any subset of addresses known.
    public init(safeSingleton: Address? = nil, safeL2Singleton: Address? = nil, safeProxyFactory: Address? = nil,
                fallbackHandler: Address? = nil, multiSend: Address? = nil, multiSendCallOnly: Address? = nil,
                signMessageLib: Address? = nil, safeToL2Migration: Address? = nil) {
        self.safeSingleton = safeSingleton
        self.safeL2Singleton = safeL2Singleton
        self.safeProxyFactory = safeProxyFactory
        self.fallbackHandler = fallbackHandler
        self.multiSend = multiSend
        self.multiSendCallOnly = multiSendCallOnly
        self.signMessageLib = signMessageLib
        self.safeToL2Migration = safeToL2Migration
    }

    /// The keys of a deployments file's set, in the order they are written.
    public static let keys = ["safeSingleton", "safeL2Singleton", "safeProxyFactory", "fallbackHandler",
                              "multiSend", "multiSendCallOnly", "signMessageLib", "safeToL2Migration"]

    /// The address under one of `keys`.
    public subscript(key: String) -> Address? {
        get {
            switch key {
            case "safeSingleton": safeSingleton
            case "safeL2Singleton": safeL2Singleton
            case "safeProxyFactory": safeProxyFactory
            case "fallbackHandler": fallbackHandler
            case "multiSend": multiSend
            case "multiSendCallOnly": multiSendCallOnly
            case "signMessageLib": signMessageLib
            case "safeToL2Migration": safeToL2Migration
            default: nil
            }
        }
        set {
            switch key {
            case "safeSingleton": safeSingleton = newValue
            case "safeL2Singleton": safeL2Singleton = newValue
            case "safeProxyFactory": safeProxyFactory = newValue
            case "fallbackHandler": fallbackHandler = newValue
            case "multiSend": multiSend = newValue
            case "multiSendCallOnly": multiSendCallOnly = newValue
            case "signMessageLib": signMessageLib = newValue
            case "safeToL2Migration": safeToL2Migration = newValue
            default: break
            }
        }
    }

    /// The singleton a new Safe should use: the L2 build when known, since wallets and indexers
    /// read its events, else the plain one.
    public var singletonForNewSafes: Address? { safeL2Singleton ?? safeSingleton }

    /// This set with the gaps filled from `other`. The two singletons count as one: a set that
    /// names either keeps its own, so a new Safe never gets `other`'s singleton beside its own factory.
    public func filled(from other: SafeContractSet) -> SafeContractSet {
        var out = self
        let singletons = ["safeSingleton", "safeL2Singleton"]
        let namesSingleton = safeSingleton != nil || safeL2Singleton != nil
        for key in Self.keys where out[key] == nil && !(namesSingleton && singletons.contains(key)) { out[key] = other[key] }
        return out
    }
}
