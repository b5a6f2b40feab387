import BigInt
import EthereumKit

/// geth's state override set for `eth_call`: per address, what the call should assume instead of
/// the chain's state. Nodes that do not know it refuse the call, and the caller says so.
public struct StateOverride: Sendable, Equatable {
    /// What to assume of one account; nil fields keep the chain's value.
    public struct Account: Sendable, Equatable {
        public var balance: BigUInt?
        public var nonce: BigUInt?
        public var code: [UInt8]?
        /// Storage slots to set, the others kept (`stateDiff`).
        public var storage: [BigUInt: BigUInt]

        /// An account override.
        public init(balance: BigUInt? = nil, nonce: BigUInt? = nil, code: [UInt8]? = nil, storage: [BigUInt: BigUInt] = [:]) {
            self.balance = balance
            self.nonce = nonce
            self.code = code
            self.storage = storage
        }
    }

    /// The overridden accounts.
    public var accounts: [Address: Account]

    /// An override set.
    public init(_ accounts: [Address: Account] = [:]) { self.accounts = accounts }

    /// The JSON object nodes expect, accounts and slots in a fixed order.
    public var jsonValue: JSONValue {
        .object(accounts.sorted { $0.key < $1.key }.map { address, account in
            var fields = [(key: String, value: JSONValue)]()
            if let balance = account.balance { fields.append(("balance", RPCParam.quantity(balance))) }
            if let nonce = account.nonce { fields.append(("nonce", RPCParam.quantity(nonce))) }
            if let code = account.code { fields.append(("code", RPCParam.data(code))) }
            if !account.storage.isEmpty {
                fields.append(("stateDiff", .object(account.storage.sorted { $0.key < $1.key }.map {
                    (RPCParam.word($0.key), JSONValue.string(RPCParam.word($0.value)))
                })))
            }
            return (address.lowercased, .object(fields))
        })
    }
}
