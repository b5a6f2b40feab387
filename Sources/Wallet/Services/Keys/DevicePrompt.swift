import EthereumKit

/// What a hardware wallet is about to be asked, told to the person before the device is asked,
/// so that they can compare what the device shows with what the screen shows.
public enum DevicePrompt: Sendable, Equatable {
    /// An address is shown on the device to compare (`key add-ledger --verify`).
    case address(Address, path: String)
    /// An EIP-712 signature: the device shows the domain hash and the message hash; their signed
    /// hash (`TypedDataHashes.digest`) is a Safe transaction's safeTxHash or a Safe message's hash.
    case typedData(TypedDataHashes, key: String)
    /// An EIP-191 message: the device shows the message (or its hash when it is not text).
    case message([UInt8], key: String)
    /// A transaction: the device shows its recipient, value and fees.
    case transaction(Transaction, key: String)
}

/// Where a front end hears of `DevicePrompt`s: the CLI prints them, the dashboard shows them.
public struct DevicePrompts: Sendable {
    let show: @Sendable (DevicePrompt) -> Void

    /// Prompts handed to `show`.
    public init(show: @escaping @Sendable (DevicePrompt) -> Void) { self.show = show }

    /// Nobody told: a test's or an embedding app's choice.
    public static let silent = DevicePrompts { _ in }

    /// Tells the front end of `prompt`.
    public func give(_ prompt: DevicePrompt) { show(prompt) }
}
