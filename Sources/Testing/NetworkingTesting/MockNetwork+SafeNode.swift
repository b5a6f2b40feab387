import BigInt
import EthereumKit
import Networking
import SafeKit

/// A Safe as a mock node reports it, for tests of anything that reads a Safe in one batch.
public struct MockSafeNode: Sendable {
    /// How the Safe's `VERSION()` call answers: as a Safe, reverting, or with a node error.
    public enum VersionAnswer: Sendable { case safe, revert, nodeError }

    public var chainID: BigUInt
    public var version: String
    public var versionAnswer: VersionAnswer
    public var owners: [Address]
    public var threshold: BigUInt
    public var nonce: BigUInt
    public var modules: [Address]
    public var fallbackHandler: Address
    public var guardAddress: Address
    /// The module guard (Safe 1.5.0); the zero address when none.
    public var moduleGuard: Address = .zero
    /// Storage slot 0: the contract the proxy runs.
    public var singleton: Address
    public var balance: BigUInt
    /// What an `execTransaction` call (the simulation before executing) returns.
    public var executes: Bool
    /// Accounts with no code: a call to one answers empty data, as a node answers it.
    public var accountsWithoutCode: [Address] = []

    /// A Safe with these owners; the rest defaults to a plain Safe 1.4.1 with 42 wei.
    public init(chainID: BigUInt, owners: [Address], threshold: BigUInt, nonce: BigUInt = 0, version: String = "1.4.1",
                versionAnswer: VersionAnswer = .safe, modules: [Address] = [], fallbackHandler: Address = .zero,
                guardAddress: Address = .zero, singleton: Address = SafeDeployments.safeL2Singleton, balance: BigUInt = 42, executes: Bool = true) {
        self.chainID = chainID
        self.version = version
        self.versionAnswer = versionAnswer
        self.owners = owners
        self.threshold = threshold
        self.nonce = nonce
        self.modules = modules
        self.fallbackHandler = fallbackHandler
        self.guardAddress = guardAddress
        self.singleton = singleton
        self.balance = balance
        self.executes = executes
    }
}

extension MockNetwork {
    /// Answers every call of a Safe read as `safe` says, for whichever address is asked; other
    /// `eth_call`s revert.
    public func serve(_ safe: MockSafeNode) {
        register(method: "eth_chainId", result: .string("0x" + String(safe.chainID, radix: 16)))
        register(method: "eth_getCode", result: .string("0x6080"))
        register(method: "eth_getBalance", result: .string("0x" + String(safe.balance, radix: 16)))
        register(method: "eth_getStorageAt") { params in
            let slot = (try? [UInt8](hex: params.count > 1 ? params[1].stringValue ?? "" : "")) ?? []
            let holder = switch slot {
            case SafeContract.guardSlot: safe.guardAddress
            case SafeContract.moduleGuardSlot: safe.moduleGuard
            case SafeContract.fallbackHandlerSlot: safe.fallbackHandler
            case [UInt8](repeating: 0, count: 32): safe.singleton
            default: Address.zero
            }
            return .result(.string(Hex.encode([UInt8](repeating: 0, count: 12) + holder.bytes)))
        }
        register(method: "eth_call") { params in
            let call = params.first
            let data = (try? [UInt8](hex: call?["data"]?.stringValue ?? call?["input"]?.stringValue ?? "")) ?? []
            if let to = call?["to"]?.stringValue.flatMap({ try? Address($0) }), safe.accountsWithoutCode.contains(to) { return .result(.string("0x")) }
            func answer(_ types: [ABIType], _ values: [ABIValue]) -> RPCAnswer {
                guard let encoded = try? ABIEncoder.encode(types, values) else { return .error(code: -32603, message: "mock: cannot encode") }
                return .result(.string(Hex.encode(encoded)))
            }
            switch Array(data.prefix(4)) {
            case Array(SafeContract.version.prefix(4)):
                switch safe.versionAnswer {
                case .safe: return answer([.string], [.string(safe.version)])
                case .revert: return .error(code: 3, message: "execution reverted", data: "0x")
                case .nodeError: return .error(code: -32603, message: "header not found")
                }
            case Array(SafeContract.getOwners.prefix(4)): return answer([.array(.address)], [.array(safe.owners.map { .address($0) })])
            case Array(SafeContract.getThreshold.prefix(4)): return answer([.uint(bits: 256)], [.uint(safe.threshold)])
            case Array(SafeContract.nonce.prefix(4)): return answer([.uint(bits: 256)], [.uint(safe.nonce)])
            case SafeContract.execTransactionSelector: return answer([.bool], [.bool(safe.executes)])
            case Array(SafeContract.modulesPage().prefix(4)):
                return answer([.array(.address), .address], [.array(safe.modules.map { .address($0) }), .address(.zero)])
            default: return .error(code: 3, message: "execution reverted", data: "0x")
            }
        }
    }
}
