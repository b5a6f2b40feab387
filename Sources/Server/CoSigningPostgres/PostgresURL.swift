import CoSigningStorage
import Foundation
import PostgresNIO
import Storage

/// Where a PostgreSQL server is and how to log in: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|require]`.
public struct PostgresURL: Sendable, Equatable, CustomStringConvertible {
    /// Whether the connection is encrypted.
    public enum TLSMode: String, Sendable, Equatable {
        /// Plain TCP.
        case disable
        /// TLS, with the server's certificate verified against the system's trust roots.
        case require
    }

    public let user: String
    public let password: String?
    public let host: String
    public let port: Int
    public let database: String
    public let tls: TLSMode

    /// The accepted shape, for error messages.
    public static let format = "postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|require]"

    /// Parses `text`; without `sslmode`, loopback hosts get `disable` and every other host `require`,
    /// so a password never crosses a network in the clear unless asked to.
    public init(parsing text: String) throws(StorageError) {
        guard let rest = ["postgres://", "postgresql://"].lazy.compactMap({ text.hasPrefix($0) ? text.dropFirst($0.count) : nil }).first else {
            throw Self.invalid("it must start with postgres:// or postgresql://")
        }
        let (location, query) = Self.split(rest, at: "?")
        guard let at = location.lastIndex(of: "@") else { throw Self.invalid("it names no user (USER@ before the host)") }
        let (userInfo, hostAndPath) = (location[..<at], location[location.index(after: at)...])
        let (userText, passwordText) = Self.split(userInfo, at: ":")
        guard let slash = hostAndPath.firstIndex(of: "/") else { throw Self.invalid("it names no database (/DATABASE after the host)") }
        let (hostPort, databaseText) = (hostAndPath[..<slash], hostAndPath[hostAndPath.index(after: slash)...])
        guard let user = userText.removingPercentEncoding, !user.isEmpty else { throw Self.invalid("the user is empty or badly escaped") }
        guard let database = databaseText.removingPercentEncoding, !database.isEmpty, !database.contains("/") else {
            throw Self.invalid("the database name is empty or badly escaped")
        }
        let password = try passwordText.map { text throws(StorageError) -> String in
            guard let decoded = text.removingPercentEncoding else { throw Self.invalid("the password is badly escaped") }
            return decoded
        }
        let (host, port) = try Self.hostAndPort(hostPort)
        self.host = host
        self.port = port
        self.user = user
        self.password = password
        self.database = database
        tls = try Self.tlsMode(query, host: host)
    }

    /// The URL without its password, for messages and logs.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "postgres://\(user)@\(shownHost):\(port)/\(database)?sslmode=\(tls.rawValue)"
    }

    /// The pool's settings for this server, every connection starting with `startup`'s settings.
    func clientConfiguration(startup: [(String, String)]) -> PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(host: host, port: port, username: user, password: password, database: database,
                                                         tls: tls == .require ? .require(.makeClientConfiguration()) : .disable)
        configuration.options.additionalStartupParameters = startup
        return configuration
    }

    /// The settings for one connection outside the pool, which reports why it failed at once.
    func connectionConfiguration(startup: [(String, String)]) throws -> PostgresConnection.Configuration {
        let tlsSetting: PostgresConnection.Configuration.TLS = switch tls {
        case .disable: .disable
        case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
        var configuration = PostgresConnection.Configuration(host: host, port: port, username: user, password: password, database: database,
                                                             tls: tlsSetting)
        configuration.options.additionalStartupParameters = startup
        return configuration
    }

    private static func hostAndPort(_ text: Substring) throws(StorageError) -> (String, Int) {
        let (host, portText) = try splitHost(text)
        guard !host.isEmpty, host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-_:".contains($0)) }) else {
            throw invalid("the host is empty or has characters a host name cannot have")
        }
        guard let portText else { return (String(host), 5432) }
        guard let port = Int(portText), (1...65535).contains(port) else { throw invalid("the port must be a number from 1 to 65535") }
        return (String(host), port)
    }

    /// The host and the port's text; an IPv6 host comes in brackets, as in URLs.
    private static func splitHost(_ text: Substring) throws(StorageError) -> (Substring, Substring?) {
        guard text.hasPrefix("[") else { return split(text, at: ":") }
        guard let close = text.firstIndex(of: "]") else { throw invalid("an IPv6 host has no closing ]") }
        let after = text[text.index(after: close)...]
        guard after.isEmpty || after.hasPrefix(":") else { throw invalid("only :PORT may follow an IPv6 host") }
        return (text[text.index(after: text.startIndex)..<close], after.isEmpty ? nil : after.dropFirst())
    }

    private static func tlsMode(_ query: Substring?, host: String) throws(StorageError) -> TLSMode {
        guard let query else { return ["127.0.0.1", "::1", "localhost"].contains(host) ? .disable : .require }
        let (name, value) = split(query, at: "=")
        guard name == "sslmode", let value, let mode = TLSMode(rawValue: String(value)) else {
            throw invalid("the only option is sslmode=disable or sslmode=require")
        }
        return mode
    }

    private static func split(_ text: Substring, at separator: Character) -> (Substring, Substring?) {
        guard let i = text.firstIndex(of: separator) else { return (text, nil) }
        return (text[..<i], text[text.index(after: i)...])
    }

    // The text is never repeated back: it may hold a password.
    private static func invalid(_ why: String) -> StorageError {
        StorageError("not a PostgreSQL URL: \(why); expected \(format)")
    }
}
