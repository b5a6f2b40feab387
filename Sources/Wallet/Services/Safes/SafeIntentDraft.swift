import BigInt
import SafeKit

/// A Safe transaction as a person fills it in, one text field at a time, before it is a
/// `SafeIntent`; every front end with a form reads it the same way.
public struct SafeIntentDraft: Sendable, Equatable {
    /// What the transaction does.
    public enum Kind: String, CaseIterable, Sendable {
        case ether, token, addOwner = "add-owner", removeOwner = "remove-owner", swapOwner = "swap-owner", threshold, batch, sheet = "csv", contract
        case setup

        /// A short label for a menu.
        public var title: String {
            switch self {
            case .ether: return "Send ETH"
            case .token: return "Send a token"
            case .addOwner: return "Add an owner"
            case .removeOwner: return "Remove an owner"
            case .swapOwner: return "Replace an owner"
            case .threshold: return "Change the threshold"
            case .batch: return "Batch of ETH transfers"
            case .sheet: return "Transfers from a CSV sheet"
            case .contract: return "Contract call"
            case .setup: return "Modules, guard, handler"
            }
        }
    }

    public var kind: Kind
    public var recipient = ""
    /// ETH (`0.1`, or with a unit: `20gwei`) or the token's display units.
    public var amount = ""
    public var token = ""
    public var owner = ""
    public var newOwner = ""
    /// The new threshold; for adding or removing an owner, empty keeps the current rule.
    public var threshold = ""
    /// One transfer per line: `ADDRESS AMOUNT` (ETH), comma or spaces between; or a JSON array
    /// of calls, or a Safe{Wallet} Transaction Builder file.
    public var batch = ""
    /// A CSV sheet of transfers, as Safe's CSV Airdrop app reads it.
    public var sheet = ""
    /// A contract's JSON ABI, for a contract call to `recipient`.
    public var abi = ""
    /// The function to call, by its signature; empty means the ABI's first one a Safe can call.
    public var function = ""
    /// One text per input of the function, in order.
    public var arguments: [String] = []
    /// The nonce to use; empty takes the next free one.
    public var nonce = ""
    /// Which setup change a `.setup` draft makes, and the module, guard or handler it names
    /// (`0x0` removes the guard or the handler).
    public var setupChange = SetupChange.enableModule
    public var setupAddress = ""
    /// An upgrade of the Safe, set by the Safe's "review the upgrade" link, never typed: when set,
    /// the draft is that upgrade whatever the kind.
    public var upgrade: SafeUpgradeRequest?

    /// The functions of `abi` a Safe can usefully call (not view or pure); none while it does not read.
    public var contractFunctions: [ContractFunction] { (try? ContractABI(json: abi))?.writeFunctions ?? [] }

    /// The function the form shows fields for: the one named, else the first.
    public var chosenFunction: ContractFunction? {
        contractFunctions.first { $0.canonical == function } ?? contractFunctions.first
    }

    /// An empty draft of `kind`.
    public init(kind: Kind = .ether) { self.kind = kind }

    /// The intent, or a typed error naming the field that is wrong.
    public func intent() throws(SafeIntentDraftError) -> SafeIntent {
        if let upgrade { return .upgrade(upgrade) }
        switch kind {
        case .ether:
            return .call(to: try address(recipient, "recipient"), value: try Self.ether(amount, field: "amount"), data: [], operation: .call)
        case .token:
            return .tokenTransfer(token: try address(token, "token"), to: try address(recipient, "recipient"), amount: try required(amount, "amount"))
        case .addOwner:
            return .addOwner(try address(owner, "owner"), threshold: try optionalCount(threshold))
        case .removeOwner:
            return .removeOwner(try address(owner, "owner"), threshold: try optionalCount(threshold))
        case .swapOwner:
            return .swapOwner(old: try address(owner, "owner"), new: try address(newOwner, "new owner"))
        case .threshold:
            guard let t = try optionalCount(threshold) else { throw .missing("threshold") }
            return .changeThreshold(t)
        case .batch:
            guard !batch.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .missing("batch") }
            do { return SafeIntent(try BatchInput(batch, bareUnit: .ether)) } catch { throw .invalid("batch", error.reason) }
        case .sheet:
            guard !sheet.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .missing("sheet") }
            do { return .transfers(try TransferSheet(csv: sheet)) } catch { throw .invalid("sheet", error.reason) }
        case .contract:
            return .contractCall(try contractCall())
        case .setup:
            return .setup(try setupChange.change(setupAddress))
        }
    }

    /// The nonce typed, or nil for the next free one.
    public func chosenNonce() throws(SafeIntentDraftError) -> BigUInt? {
        let t = nonce.trimmingCharacters(in: .whitespaces)
        if t.isEmpty { return nil }
        guard let n = try? InputText.uint256(t) else { throw .invalid("nonce", "a whole number") }
        return n
    }

    private func contractCall() throws(SafeIntentDraftError) -> ContractCall {
        let to = try address(recipient, "contract")
        guard !abi.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .missing("ABI") }
        let functions: ContractABI
        do { functions = try ContractABI(json: abi) } catch { throw .invalid("ABI", error.description) }
        let chosen: ContractFunction
        do { chosen = function.isEmpty ? try functions.function(contractFunctions.first?.canonical ?? "") : try functions.function(function) } catch {
            throw .invalid("function", error.description)
        }
        let value = amount.trimmingCharacters(in: .whitespaces).isEmpty ? BigUInt(0) : try Self.ether(amount, field: "amount")
        do { return try ContractCall(to: to, value: value, function: chosen, arguments: arguments) } catch { throw .invalid("arguments", error.description) }
    }

    /// Wei from a field that means ether: `0.5` and `0.5 ether` alike, another unit when written
    /// (`20gwei`), through the one input dialect.
    public static func ether(_ text: String, field: String) throws(SafeIntentDraftError) -> BigUInt {
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw .missing(field) }
        do { return try InputText.amount(text, bareUnit: .ether) } catch { throw .invalid(field, error.reason) }
    }

    private func required(_ text: String, _ field: String) throws(SafeIntentDraftError) -> String {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard !t.isEmpty else { throw .missing(field) }
        return t
    }

    private func address(_ text: String, _ field: String) throws(SafeIntentDraftError) -> Address {
        let t = try required(text, field)
        do { return try InputText.address(t) } catch { throw .invalid(field, error.reason) }
    }

    private func optionalCount(_ text: String) throws(SafeIntentDraftError) -> BigUInt? {
        let t = text.trimmingCharacters(in: .whitespaces)
        if t.isEmpty { return nil }
        guard let n = try? InputText.uint256(t), n > 0 else { throw .invalid("threshold", "a whole number of owners, 1 or more") }
        return n
    }
}

/// Why a draft is not a transaction yet.
public enum SafeIntentDraftError: Error, Equatable, Sendable, CustomStringConvertible {
    case missing(String)
    case invalid(String, String)

    public var description: String {
        switch self {
        case .missing(let field): return "the \(field) is required"
        case .invalid(let field, let why): return "the \(field) is not valid: \(why)"
        }
    }
}
