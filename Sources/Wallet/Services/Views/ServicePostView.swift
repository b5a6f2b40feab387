/// Signatures posted to a Transaction Service, as the command line prints it in JSON
/// (`safe service propose`, `safe service confirm`).
public struct ServicePostView: Codable, Sendable, Hashable {
    public var safeTxHash: String
    /// The owners whose signatures were sent.
    public var posted: [String]

    /// The view of a post of `owners`' signatures of `safeTxHash`.
    public init(safeTxHash: [UInt8], owners: [Address]) {
        self.safeTxHash = Hex.encode(safeTxHash)
        posted = owners.map(\.checksummed)
    }
}
