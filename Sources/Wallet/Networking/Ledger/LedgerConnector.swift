/// Opens a transport to the Ledger: the live endpoints, or any a test injects.
public struct LedgerConnector: Sendable {
    /// Opens a new transport; each call finds the device anew.
    public let open: @Sendable () async throws(LedgerError) -> any LedgerTransport

    /// A connector that opens transports with `open`.
    public init(open: @escaping @Sendable () async throws(LedgerError) -> any LedgerTransport) {
        self.open = open
    }

    /// The real device over USB HID, or the emulator's APDU port over TCP.
    public static func live(_ endpoint: LedgerEndpoint) -> LedgerConnector {
        switch endpoint {
        case .hid:
            return LedgerConnector { () async throws(LedgerError) -> any LedgerTransport in try await LedgerHIDTransport.open() }
        case .tcp(let host, let port):
            return LedgerConnector { () async throws(LedgerError) -> any LedgerTransport in
                try await LedgerTCPTransport.connect(host: host, port: port)
            }
        }
    }
}
