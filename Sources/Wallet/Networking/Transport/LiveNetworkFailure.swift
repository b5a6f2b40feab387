import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix

/// Turns what AsyncHTTPClient and SwiftNIO throw into `NetworkError`, so no transport type leaks out.
struct LiveNetworkFailure {
    let url: URL
    let connectSeconds: Int
    let readSeconds: Int
    let budgetSeconds: Int
    let maxResponseBytes: Int

    /// The typed error for `error`; when the calling task was cancelled that wins over whatever the
    /// cancellation caused underneath.
    func classify(_ error: any Error, taskCancelled: Bool) -> NetworkError {
        if taskCancelled || error is CancellationError { return .cancelled }
        if let error = error as? NetworkError { return error }
        if error is OverallDeadline { return .timeout(seconds: budgetSeconds) }
        if error is NIOTooManyBytesError {
            return .invalidResponse("the answer from \(origin) is larger than \(maxResponseBytes >> 20) MiB")
        }
        if let error = error as? HTTPClientError { return classify(error) }
        if let error = error as? NIOConnectionError {
            if error.dnsAError != nil || error.dnsAAAAError != nil {
                return unreachable("host name \(error.host) not found")
            }
            if let first = error.connectionErrors.first { return classify(first.error, taskCancelled: false) }
            return unreachable("no address to connect to")
        }
        if let error = error as? IOError {
            if [ECONNRESET, EPIPE].contains(error.errnoCode) { return .connectionLost("lost the connection to \(origin): \(Self.reason(errno: error.errnoCode))") }
            return unreachable(Self.reason(errno: error.errnoCode))
        }
        if let error = error as? ChannelError, case .connectTimeout = error {
            return unreachable("no connection within \(connectSeconds) s")
        }
        return unreachable(String(describing: error))
    }

    private func classify(_ error: HTTPClientError) -> NetworkError {
        switch error {
        case .readTimeout: return .timeout(seconds: readSeconds)
        case .deadlineExceeded: return .timeout(seconds: budgetSeconds)
        case .cancelled: return .cancelled
        case .connectTimeout, .tlsHandshakeTimeout, .getConnectionFromPoolTimeout:
            return unreachable("no connection within \(connectSeconds) s")
        case .remoteConnectionClosed: return .connectionLost("lost the connection to \(origin): the server closed it without answering")
        case .alreadyShutdown: return unreachable("the HTTP client has been shut down")
        // Never the error's description: it quotes the values it refused, and a refused header
        // value is most often an API key. The short description carries no value.
        default:
            let refusedHeader = [HTTPClientError.invalidHeaderFieldValues([]), .invalidHeaderFieldNames([])].map(\.shortDescription)
            guard refusedHeader.contains(error.shortDescription) else { return unreachable(error.shortDescription.lowercased()) }
            return .unreachable("a request header was refused before sending to \(origin): an API key in it holds a line break or a control character")
        }
    }

    /// `scheme://host:port` only: RPC URLs often carry an API key in the path, and errors get printed.
    private var origin: String {
        var text = "\(url.scheme ?? "http")://\(url.host ?? "?")"
        if let port = url.port { text += ":\(port)" }
        return text
    }

    private func unreachable(_ reason: String) -> NetworkError {
        .unreachable("cannot reach \(origin): \(reason)")
    }

    private static func reason(errno code: Int32) -> String {
        guard let text = strerror(code) else { return "system error \(code)" }
        let message = String(cString: text)
        return message.prefix(1).lowercased() + message.dropFirst()
    }
}
