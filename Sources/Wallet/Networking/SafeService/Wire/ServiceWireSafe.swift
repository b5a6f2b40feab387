import BigInt
import EthereumKit

/// A Safe as `GET /api/v1/safes/{address}/` describes it.
public struct ServiceWireSafe: Sendable, Equatable {
    public var address: Address
    public var nonce: BigUInt
    public var threshold: BigUInt
    public var owners: [Address]
    public var masterCopy: Address?
    public var modules: [Address]
    public var fallbackHandler: Address?
    public var guardAddress: Address?
    /// The module guard (Safe 1.5.0; the official service names it from v5.41).
    public var moduleGuard: Address?
    public var version: String?

    /// A Safe's description.
    public init(address: Address, nonce: BigUInt, threshold: BigUInt, owners: [Address], masterCopy: Address?, modules: [Address],
                fallbackHandler: Address?, guardAddress: Address?, moduleGuard: Address? = nil, version: String?) {
        self.address = address
        self.nonce = nonce
        self.threshold = threshold
        self.owners = owners
        self.masterCopy = masterCopy
        self.modules = modules
        self.fallbackHandler = fallbackHandler
        self.guardAddress = guardAddress
        self.moduleGuard = moduleGuard
        self.version = version
    }

    public init(json: JSONValue) throws(ServiceWireError) {
        let f = try ServiceWireFields(json, what: "safe")
        address = try f.address("address")
        nonce = try f.number("nonce")
        threshold = try f.number("threshold")
        owners = try f.addresses("owners")
        masterCopy = try f.optionalAddress("masterCopy")
        modules = try f.addresses("modules")
        fallbackHandler = try f.optionalAddress("fallbackHandler")
        guardAddress = try f.optionalAddress("guard")
        moduleGuard = try f.optionalAddress("moduleGuard")
        version = try f.string("version")
    }

    /// The official order and types; an unset singleton, handler or guard is the zero address, never null.
    public var json: JSONValue {
        func orZero(_ a: Address?) -> JSONValue { .string((a ?? .zero).checksummed) }
        return .members([("address", .string(address.checksummed)), ("nonce", .string(String(nonce))), ("threshold", .number(String(threshold))),
                         ("owners", .array(owners.map { .string($0.checksummed) })), ("masterCopy", orZero(masterCopy)),
                         ("modules", .array(modules.map { .string($0.checksummed) })), ("fallbackHandler", orZero(fallbackHandler)),
                         ("guard", orZero(guardAddress)), ("moduleGuard", orZero(moduleGuard)), ("version", version.map(JSONValue.string) ?? .null)])
    }
}
