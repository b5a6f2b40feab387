import BigInt
import EthereumKit

/// The checks a careful signer makes of a Safe transaction before signing, each a named risk.
/// What they look at is given, so they run the same in every front end and in tests.
public struct SafeRiskCheck: Sendable {
    /// The Safe's nonce as last read.
    public var safeNonce: BigUInt
    /// The nonces of the other transactions queued for the Safe.
    public var queuedNonces: [BigUInt]
    /// Addresses the user knows, with what each is ("owner", "the Safe itself", "a followed Safe",
    /// "a past recipient"): what a look-alike address imitates.
    public var known: [Address: String]

    /// Checks with these facts.
    public init(safeNonce: BigUInt, queuedNonces: [BigUInt] = [], known: [Address: String] = [:]) {
        self.safeNonce = safeNonce
        self.queuedNonces = queuedNonces
        self.known = known
    }

    /// The risks of `tx` as `call` decodes it, the most severe first.
    public func risks(of tx: SafeTx, call: DecodedCall) -> [SafeRisk] {
        var risks: [SafeRisk] = []
        if tx.gasPrice > 0 || tx.gasToken != .zero || tx.refundReceiver != .zero {
            let receiver = tx.refundReceiver == .zero ? "the executor" : tx.refundReceiver.checksummed
            let token = tx.gasToken == .zero ? "ETH" : "token \(tx.gasToken.checksummed)"
            risks.append(SafeRisk("refund-drain", tx.gasPrice > 0 ? .critical : .warning,
                                  "the Safe pays a gas refund: up to (baseGas \(tx.baseGas) + gas used) × gasPrice \(tx.gasPrice) in \(token), to \(receiver)"))
        }
        if tx.nonce > safeNonce {
            risks.append(SafeRisk("nonce-ahead", .notable,
                                  "nonce \(tx.nonce) is ahead of the Safe's nonce \(safeNonce): it cannot run until \(tx.nonce - safeNonce) earlier transaction(s) do"))
        }
        if queuedNonces.contains(tx.nonce) {
            risks.append(SafeRisk("nonce-taken", .notable, "another queued transaction has nonce \(tx.nonce): only one of them can ever run"))
        }
        for named in Self.addresses(of: call) where known[named] == nil {
            if let (twin, what) = known.first(where: { Self.looksAlike($0.key, named) }) {
                risks.append(SafeRisk("lookalike-address", .critical,
                                      "\(named.checksummed) looks like \(twin.checksummed) (\(what)) but is a different address: check every character"))
            }
        }
        return risks.enumerated().sorted { ($1.element.severity, $0.offset) < ($0.element.severity, $1.offset) }.map(\.element)
    }

    /// The risks of a Safe's own setup, as read before the transaction: a singleton or fallback
    /// handler that is no known release, and any guard.
    public static func setupRisks(_ safe: SafeStateSnapshot, names: SafeContractNames) -> [SafeRisk] {
        setupRisks(singleton: safe.singleton, fallbackHandler: safe.fallbackHandler, guardAddress: safe.guardAddress, names: names)
    }

    /// The risks of a Safe running `singleton` with `fallbackHandler` and `guardAddress`.
    public static func setupRisks(singleton: Address, fallbackHandler: Address, guardAddress: Address, names: SafeContractNames) -> [SafeRisk] {
        var risks: [SafeRisk] = []
        if names.name(singleton) == nil {
            risks.append(SafeRisk("unknown-singleton", .critical, "the Safe runs \(singleton.checksummed), which is not a known Safe release"))
        }
        if fallbackHandler != .zero, names.name(fallbackHandler) == nil {
            risks.append(SafeRisk("unknown-fallback-handler", .warning,
                                  "the Safe's fallback handler \(fallbackHandler.checksummed) is not a known release"))
        }
        if guardAddress != .zero {
            risks.append(SafeRisk("guard-set", .notable, "a transaction guard \(guardAddress.checksummed) decides which transactions can run"))
        }
        return risks
    }

    /// Same first and last four hex digits, in any case, yet a different address: the shape
    /// address-poisoning transfers use.
    public static func looksAlike(_ a: Address, _ b: Address) -> Bool {
        let x = a.lowercased, y = b.lowercased
        return a != b && x.dropFirst(2).prefix(4) == y.dropFirst(2).prefix(4) && x.suffix(4) == y.suffix(4)
    }

    /// Where `call` sends value or tokens: each call's target with value, and the address
    /// arguments of the calls (a token transfer's recipient), inner calls included.
    public static func recipients(of call: DecodedCall) -> [Address] {
        var out: [Address] = call.value > 0 || call.data.isEmpty ? [call.to] : []
        out += call.arguments.filter { $0.type == "address" }.flatMap(\.addresses)
        for inner in call.calls { out += recipients(of: inner) }
        return unique(out)
    }

    /// Every address `call` names, what a look-alike can hide in: each call's target and every
    /// address anywhere in the arguments (inside arrays and tuples too), inner calls included.
    public static func addresses(of call: DecodedCall) -> [Address] {
        unique([call.to] + call.arguments.flatMap(\.addresses) + call.calls.flatMap(addresses(of:)))
    }

    private static func unique(_ addresses: [Address]) -> [Address] {
        var seen = Set<Address>()
        return addresses.filter { seen.insert($0).inserted }
    }
}
