import Services

/// An address where `0x0` (or `0`) means none: `--set-guard 0x0` removes the guard.
struct RemovableAddressValue: OptionValue {
    let address: Address
    static func parse(_ text: String) throws -> RemovableAddressValue {
        do { return RemovableAddressValue(address: try InputText.addressOrNone(text)) } catch { throw InputError(option: "", reason: error.reason) }
    }
    var description: String { address == .zero ? "0x0" : address.checksummed }
}
