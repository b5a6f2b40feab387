import Dispatch

/// Runs a transport's blocking system calls on its own serial queue, off Swift's cooperative
/// threads: a device may take minutes to answer while its user reads the screen.
enum LedgerBlockingCall {
    static func run<T: Sendable>(on queue: DispatchQueue, _ body: @escaping @Sendable () -> Result<T, LedgerError>) async throws(LedgerError) -> T {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, LedgerError>, Never>) in
            queue.async { continuation.resume(returning: body()) }
        }
        return try result.get()
    }
}
