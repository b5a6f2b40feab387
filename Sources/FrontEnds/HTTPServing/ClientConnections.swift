import Synchronization

/// The open connections of each client address, shared by every connection of one server, so
/// that one client cannot take all of the process's file descriptors.
final class ClientConnections: Sendable {
    private let open = Mutex<[String: Int]>([:])
    /// The most connections one address may hold.
    let limit: Int

    /// A counter allowing `limit` connections per address.
    init(limit: Int) { self.limit = limit }

    /// Counts a new connection from `client`; false, and nothing counted, when it has `limit` already.
    func admit(_ client: String) -> Bool {
        open.withLock { counts in
            guard counts[client, default: 0] < limit else { return false }
            counts[client, default: 0] += 1
            return true
        }
    }

    /// Forgets a connection `admit` counted.
    func release(_ client: String) {
        open.withLock { counts in
            let left = counts[client, default: 0] - 1
            counts[client] = left > 0 ? left : nil
        }
    }
}
