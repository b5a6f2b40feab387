import Foundation

/// Where the Ledger is: USB HID (the default) or speculos's APDU port.
public enum LedgerEndpoint: Sendable, Equatable, CustomStringConvertible {
    /// The first Ledger on USB.
    case hid
    /// The emulator's APDU port. Loopback is what the docs show; another host is the user's choice,
    /// and the APDUs then cross that network as they are.
    case tcp(host: String, port: Int)

    /// Parses "hid" or "tcp:HOST:PORT", where an IPv6 host may be written in brackets, "tcp:[::1]:9999".
    public init(parsing text: String) throws(LedgerError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() == "hid" {
            self = .hid
            return
        }
        guard trimmed.lowercased().hasPrefix("tcp:") else { throw .badEndpoint(text) }
        let rest = trimmed.dropFirst(4)
        guard let colon = rest.lastIndex(of: ":") else { throw .badEndpoint(text) }
        var host = String(rest[..<colon])
        let portText = rest[rest.index(after: colon)...]
        if host.hasPrefix("[") && host.hasSuffix("]") && host.count > 2 {
            host = String(host.dropFirst().dropLast())
        } else if host.contains(":") || host.contains("[") || host.contains("]") {
            // An IPv6 host without brackets is ambiguous with the port.
            throw .badEndpoint(text)
        }
        guard !host.isEmpty, !host.contains(where: { $0.isWhitespace || $0 == "/" }),
              !portText.isEmpty, portText.allSatisfy({ $0.isASCII && $0.isNumber }),
              let port = Int(portText), (1...65535).contains(port)
        else { throw .badEndpoint(text) }
        self = .tcp(host: host, port: port)
    }

    /// "hid", or "tcp:HOST:PORT" with an IPv6 host in brackets: text that parses back to the same endpoint.
    public var description: String {
        switch self {
        case .hid: return "hid"
        case .tcp(let host, let port): return host.contains(":") ? "tcp:[\(host)]:\(port)" : "tcp:\(host):\(port)"
        }
    }
}
