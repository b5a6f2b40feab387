import Networking

extension LedgerConnector {
    /// The device at `place` (`hid`, `tcp:HOST:PORT`; nil is USB), found when a key on it signs:
    /// a mistyped place fails there, with its reason, and nowhere else.
    public static func at(_ place: String?) -> LedgerConnector {
        LedgerConnector { () async throws(LedgerError) -> any LedgerTransport in
            let endpoint = try place.map { text throws(LedgerError) in try LedgerEndpoint(parsing: text) } ?? .hid
            return try await LedgerConnector.live(endpoint).open()
        }
    }
}
