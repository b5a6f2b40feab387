/// The open app's name and version, as the device reports them (B0 01 00 00).
public struct LedgerAppInfo: Sendable, Equatable {
    /// "Ethereum", another app's name, or "BOLOS" for the dashboard.
    public let name: String
    /// The version text, such as "1.13.0".
    public let version: String

    /// An app's name and version.
    public init(name: String, version: String) {
        self.name = name
        self.version = version
    }
}
