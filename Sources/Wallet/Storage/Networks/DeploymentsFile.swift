import BigInt
import EthereumKit
import SafeKit

/// Why a deployments file was refused.
public enum DeploymentsFileError: Error, Equatable, Sendable, CustomStringConvertible {
    case notJSON(String)
    case unknownKey(String)
    case invalidEntry(key: String, reason: String)

    public var description: String {
        switch self {
        case .notJSON(let why): return "the deployments file is not valid JSON: \(why)"
        case .unknownKey(let key): return "the deployments file has an unknown entry \"\(key)\""
        case .invalidEntry(let key, let why): return "the deployments file's \"\(key)\" is invalid: \(why)"
        }
    }
}

/// A local chain's deployments file (`{"chainId", "rpcUrl", "accounts", "deployer", "contracts",
/// "safeVersions"}`, as `scripts/devnet` writes it; "safeVersions" holds each Safe release's set), read strictly: a typo or a bad address is an error rather than
/// a contract silently missing later.
public struct DeploymentsFile: Sendable, Equatable {
    /// The chain the file was written for, when it says.
    public let chainID: BigUInt?
    public let contracts: NetworkContracts

    static let topLevelKeys: Set<String> = ["chainId", "rpcUrl", "accounts", "deployer", "contracts", "safeVersions"]
    static let addressKeys = ["safeSingleton", "safeProxyFactory", "fallbackHandler", "multiSend", "multiSendCallOnly", "testToken"]

    /// Parses and checks `json`.
    public init(json: [UInt8]) throws(DeploymentsFileError) {
        let root: JSONValue
        do { root = try JSONParser.parse(json) } catch { throw .notJSON(error.description) }
        guard let members = root.objectValue else { throw .notJSON("the top level must be an object") }
        if let unknown = members.first(where: { !Self.topLevelKeys.contains($0.key) }) { throw .unknownKey(unknown.key) }

        switch root["chainId"] {
        case nil: chainID = nil
        case .number(let text)?, .string(let text)?:
            guard let id = IntegerText.parseStrictDecimalUInt256(text), id > 0 else {
                throw .invalidEntry(key: "chainId", reason: "'\(text)' is not a positive decimal chain ID")
            }
            chainID = id
        case _?: throw .invalidEntry(key: "chainId", reason: "must be a number")
        }
        if let rpc = root["rpcUrl"], rpc.stringValue == nil { throw .invalidEntry(key: "rpcUrl", reason: "must be a string") }
        if let deployer = root["deployer"] { _ = try Self.address(deployer, key: "deployer") }
        if let accounts = root["accounts"] { try Self.checkAccounts(accounts) }
        var contracts = try Self.contracts(root["contracts"])
        contracts.safeVersions = try Self.safeVersions(root["safeVersions"])
        self.contracts = contracts
    }

    private static func safeVersions(_ value: JSONValue?) throws(DeploymentsFileError) -> [SafeVersion: SafeContractSet] {
        guard let value else { return [:] }
        guard let members = value.objectValue else { throw .invalidEntry(key: "safeVersions", reason: "must be an object keyed by Safe version") }
        var versions: [SafeVersion: SafeContractSet] = [:]
        for (name, entry) in members {
            guard let version = SafeVersion(rawValue: name), version.isUsable else {
                throw .invalidEntry(key: "safeVersions.\(name)", reason: "not a Safe version Bifrost supports (\((SafeVersion.legacy + SafeVersion.supported).map(\.rawValue).joined(separator: ", ")))")
            }
            guard let fields = entry.objectValue else { throw .invalidEntry(key: "safeVersions.\(name)", reason: "must be an object") }
            var set = SafeContractSet()
            for (key, address) in fields {
                guard SafeContractSet.keys.contains(key) else { throw .unknownKey("safeVersions.\(name).\(key)") }
                set[key] = try Self.address(address, key: "safeVersions.\(name).\(key)")
            }
            versions[version] = set
        }
        return versions
    }

    private static func contracts(_ value: JSONValue?) throws(DeploymentsFileError) -> NetworkContracts {
        guard let value else { return NetworkContracts() }
        guard let members = value.objectValue else { throw .invalidEntry(key: "contracts", reason: "must be an object") }
        var found: [String: Address] = [:]
        var safeVersion: String?
        for (key, entry) in members {
            if key == "safeVersion" {
                guard let v = entry.stringValue, SafeVersion(rawValue: v) != nil else {
                    throw .invalidEntry(key: "contracts.safeVersion", reason: "must be a Safe version such as \"1.4.1\"")
                }
                safeVersion = v
            } else if addressKeys.contains(key) {
                found[key] = try address(entry, key: "contracts.\(key)")
            } else {
                throw .unknownKey("contracts.\(key)")
            }
        }
        return NetworkContracts(safeSingleton: found["safeSingleton"], safeProxyFactory: found["safeProxyFactory"],
                                fallbackHandler: found["fallbackHandler"], multiSend: found["multiSend"],
                                multiSendCallOnly: found["multiSendCallOnly"], testToken: found["testToken"], safeVersion: safeVersion)
    }

    private static func checkAccounts(_ value: JSONValue) throws(DeploymentsFileError) {
        guard let items = value.arrayValue else { throw .invalidEntry(key: "accounts", reason: "must be an array") }
        for (i, item) in items.enumerated() {
            guard let account = item.objectValue, let address = item["address"] else {
                throw .invalidEntry(key: "accounts[\(i)]", reason: "must be an object with an \"address\"")
            }
            if let unknown = account.first(where: { $0.key != "address" && $0.key != "privateKey" }) {
                throw .unknownKey("accounts[\(i)].\(unknown.key)")
            }
            _ = try Self.address(address, key: "accounts[\(i)].address")
        }
    }

    private static func address(_ value: JSONValue, key: String) throws(DeploymentsFileError) -> Address {
        guard let text = value.stringValue else { throw .invalidEntry(key: key, reason: "must be an address string") }
        do { return try Address(text) } catch { throw .invalidEntry(key: key, reason: error.description) }
    }
}
