import BigInt
import EthereumKit

/// `GET /api/v1/about/ethereum-rpc/`: the node a service reads, in snake_case as the official
/// service writes this one answer.
public struct ServiceWireNodeStatus: Sendable, Equatable {
    /// `web3_clientVersion`, or the official's words when the node did not say.
    public var version: String
    public var blockNumber: BigUInt
    public var chainID: BigUInt
    /// false, or the node's progress as it gave it.
    public var syncing: JSONValue

    /// A node's status.
    public init(version: String?, blockNumber: BigUInt, chainID: BigUInt, syncing: JSONValue?) {
        self.version = version ?? "Error getting client version"
        self.blockNumber = blockNumber
        self.chainID = chainID
        self.syncing = syncing ?? .string("Error getting syncing status")
    }

    /// The official name of a chain (safe-eth-py's `EthereumNetwork`), `UNKNOWN` for one it does not list.
    public static func chainName(_ chainID: BigUInt) -> String { chainNames[chainID] ?? "UNKNOWN" }

    private static let chainNames: [BigUInt: String] = [
            1: "MAINNET", 10: "OPTIMISM", 56: "BNB_SMART_CHAIN_MAINNET", 100: "GNOSIS", 137: "POLYGON", 324: "ZKSYNC_MAINNET",
            1101: "POLYGON_ZKEVM", 1337: "GANACHE", 8453: "BASE", 42161: "ARBITRUM_ONE", 43114: "AVALANCHE_C_CHAIN",
            59144: "LINEA", 84532: "BASE_SEPOLIA_TESTNET", 11_155_111: "SEPOLIA", 31337: "GOCHAIN_TESTNET",
        ]

    public var json: JSONValue {
        .members([("version", .string(version)), ("block_number", .number(String(blockNumber))), ("chain_id", .number(String(chainID))),
                  ("chain", .string(Self.chainName(chainID))), ("syncing", syncing)])
    }
}
