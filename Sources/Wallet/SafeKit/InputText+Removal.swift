import EthereumKit

extension InputText {
    /// An address where the zero address means "none", as `setGuard(0)` removes the guard: a full
    /// address, or `0x0` / `0` for the zero address.
    public static func addressOrNone(_ text: String) throws(InputTextError) -> Address {
        let t = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if t == "0" || t == "0x0" { return .zero }
        return try address(text)
    }
}
