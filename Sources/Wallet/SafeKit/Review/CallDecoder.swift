import BigInt
import EthereumKit

/// Decodes what a Safe transaction will do, against blind signing: known functions by name,
/// MultiSend batches call by call, and a warning for any delegatecall to code that is not a
/// known MultiSend, or the SignMessageLib of the Safe's release, or an official SafeMigration,
/// since delegatecalled code runs as the Safe and can change anything.
public struct CallDecoder: Sendable {
    /// Contracts a delegatecall may go to without a warning.
    public let trustedDelegateCallTargets: Set<Address>
    /// Functions people gave for contracts (from an ABI or a signature), read after the known ones.
    public let interfaces: [Address: [ContractFunction]]
    /// Tokens whose ERC-20 amounts are shown in their units.
    public let tokens: [Address: TokenUnit]

    /// A decoder trusting the official MultiSend deployments and `extra` (a network's own),
    /// reading calls to a contract in `interfaces` with its functions, and the amounts of an
    /// ERC-20 call to one of `tokens` in that token's units.
    public init(trusting extra: [Address] = [], interfaces: [Address: [ContractFunction]] = [:], tokens: [Address: TokenUnit] = [:]) {
        trustedDelegateCallTargets = SafeDeployments.knownMultiSend.union(extra)
        self.interfaces = interfaces
        self.tokens = tokens
    }

    /// This decoder, knowing `functions` too (read before the ones it had) and the units of `tokens`.
    public func adding(functions: [Address: [ContractFunction]] = [:], tokens more: [Address: TokenUnit] = [:]) -> CallDecoder {
        CallDecoder(trusting: Array(trustedDelegateCallTargets), interfaces: interfaces.merging(functions) { had, given in given + had },
                    tokens: tokens.merging(more) { _, given in given })
    }

    /// The decoded form of one call from the Safe.
    public func decode(to: Address, value: BigUInt, data: [UInt8], operation: SafeOperation) -> DecodedCall {
        decode(to: to, value: value, data: data, operation: operation, depth: 0, trusted: trustedDelegateCallTargets)
    }

    /// The decoded form of a Safe transaction's call, trusting its release's own delegates too.
    public func decode(_ tx: SafeTx) -> DecodedCall {
        decode(to: tx.to, value: tx.value, data: tx.data, operation: tx.operation, depth: 0,
               trusted: trustedDelegateCallTargets.union(SafeDeployments.releaseDelegates(tx.version)))
    }

    private func decode(to: Address, value: BigUInt, data: [UInt8], operation: SafeOperation, depth: Int, trusted: Set<Address>) -> DecodedCall {
        var warnings: [String] = []
        let untrusted = operation == .delegateCall && !trusted.contains(to)
        if untrusted {
            warnings.append("delegatecall to \(to.checksummed), which is not a known MultiSend, SignMessageLib or SafeMigration contract: its code runs as your Safe and can change owners, modules and funds")
        }
        if operation == .create {
            warnings.append("operation 2 (create) exists only in Safes before 1.0.0; a current Safe cannot run it")
        }
        if data.count >= 4, KnownFunction.bySelector[Array(data.prefix(4))] == nil,
           let given = interfaces[to]?.first(where: { $0.selector == Array(data.prefix(4)) }), let decoded = given.decodeCall(data) {
            let arguments = decoded.map { DecodedCall.Argument(name: $0.label, type: $0.type, decoded: $0.value) }
            return DecodedCall(operation: operation, to: to, value: value, data: data, function: given.name, arguments: arguments, calls: [],
                               warnings: warnings, untrustedDelegateCall: untrusted)
        }
        guard data.count >= 4, let known = KnownFunction.bySelector[Array(data.prefix(4))],
              let values = try? known.signature.decodeCall(data)
        else {
            return DecodedCall(operation: operation, to: to, value: value, data: data, function: nil, arguments: [], calls: [],
                               warnings: warnings, untrustedDelegateCall: untrusted)
        }
        var calls: [DecodedCall] = []
        // Batches nest rarely and only through a delegatecall; a bound keeps hostile data cheap.
        if known.signature == KnownFunction.multiSend.signature, depth < 4, case .bytes(let packed)? = values.first {
            if let inner = try? MultiSend.unpack(packed) {
                calls = inner.map { decode(to: $0.to, value: $0.value, data: $0.data, operation: $0.operation, depth: depth + 1, trusted: trusted) }
            } else {
                warnings.append("the batch's packed calls cannot be read")
            }
        }
        var arguments = zip(known.parameterNames, zip(known.signature.inputs, values)).map { name, typed in
            DecodedCall.Argument(name: name, type: typed.0, decoded: typed.1)
        }
        if let unit = tokens[to], let index = TokenUnit.amountArgument(of: known.signature), index < arguments.count {
            arguments[index] = arguments[index].reading(unit)
        }
        return DecodedCall(operation: operation, to: to, value: value, data: data, function: known.signature.name,
                           arguments: calls.isEmpty ? arguments : [], calls: calls, warnings: warnings,
                           untrustedDelegateCall: untrusted)
    }
}
