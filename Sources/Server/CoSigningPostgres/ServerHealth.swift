import CoSigningStorage
import Logging
import PostgresNIO
import Synchronization

/// Whether the PostgreSQL server answers, asked twice a second on a connection of its own: the
/// pool would queue requests behind a dead server for a minute, where this tells within about
/// two seconds. A busy server is not a dead one: only the probe's own `SELECT 1` decides.
final class ServerHealth: Sendable {
    /// How often the server is asked, and how long it has to answer.
    static let interval = Duration.milliseconds(500)
    static let patience = Duration.milliseconds(1500)

    private let down = Mutex(false)
    private let probe = Mutex<Task<Void, Never>?>(nil)

    /// Whether the last probe went unanswered.
    var isDown: Bool { down.withLock { $0 } }

    /// Starts asking the server `configuration` reaches.
    func start(_ configuration: PostgresConnection.Configuration, logger: Logger) {
        let task = Task { [self] in
            let held = Held()
            var id = 1
            while !Task.isCancelled {
                let answered: Bool
                do {
                    let connectionID = id
                    try await Deadline.run(within: Self.patience) {
                        let connection: PostgresConnection
                        if let open = held.take() { connection = open } else {
                            connection = try await PostgresConnection.connect(configuration: configuration, id: connectionID, logger: logger)
                        }
                        held.put(connection)
                        _ = try await connection.query("SELECT 1", logger: logger).collect()
                    }
                    answered = true
                } catch {
                    answered = false
                    // The next probe starts on a new connection; this one may never answer again.
                    let stale = held.take()
                    Task { try? await stale?.close() }
                    id += 1
                }
                down.withLock { $0 = !answered }
                try? await Task.sleep(for: Self.interval)
            }
            try? await held.take()?.close()
        }
        probe.withLock { $0 = task }
    }

    /// The probe's connection between probes.
    private final class Held: Sendable {
        private let connection = Mutex<PostgresConnection?>(nil)
        func take() -> PostgresConnection? { connection.withLock { held in defer { held = nil }; return held } }
        func put(_ open: PostgresConnection) { connection.withLock { $0 = open } }
    }

    /// Stops asking.
    func stop() async {
        let task = probe.withLock { $0 }
        task?.cancel()
        await task?.value
    }
}
