import Synchronization

/// Group commit: writes that arrive while a commit is under way wait, and then share one database
/// transaction, so a burst of writes pays for one sync to disk instead of one each. A caller is
/// answered only once the transaction holding its write has committed, so an acknowledged write
/// is as durable as it would be alone.
///
/// A batch that fails is taken back whole and its writes are committed again one at a time, so a
/// write that fails fails alone and its neighbours are not lost; a job therefore must not act
/// outside the database, since it may run twice.
public final class GroupCommit<Job: Sendable>: Sendable {
    private struct Queue {
        var waiting: [(job: Job, done: CheckedContinuation<Void, any Error>)] = []
        var committing = 0
    }

    private let queue = Mutex(Queue())
    private let lanes: Int
    private let maximumBatch: Int
    private let commit: @Sendable ([Job]) async throws -> Void

    /// Batches for `commit`, which runs the jobs it is given in one transaction. Up to `lanes`
    /// batches commit at once (one for SQLite's single writer), each of at most `maximumBatch` jobs.
    public init(lanes: Int = 1, maximumBatch: Int = 256, commit: @escaping @Sendable ([Job]) async throws -> Void) {
        self.lanes = max(lanes, 1)
        self.maximumBatch = max(maximumBatch, 1)
        self.commit = commit
    }

    /// Returns once `job` is committed; throws what failed it, or the commit's failure.
    public func submit(_ job: Job) async throws {
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
            let opensLane = queue.withLock { queue in
                queue.waiting.append((job, done))
                guard queue.committing < lanes else { return false }
                queue.committing += 1
                return true
            }
            if opensLane { Task { await self.drain() } }
        }
    }

    /// Commits what waits, batch after batch, until nothing does.
    private func drain() async {
        while let batch = nextBatch() {
            do {
                try await commit(batch.map(\.job))
                for item in batch { item.done.resume() }
            } catch {
                guard batch.count > 1 else {
                    batch[0].done.resume(throwing: error)
                    continue
                }
                for item in batch {
                    do {
                        try await commit([item.job])
                        item.done.resume()
                    } catch {
                        item.done.resume(throwing: error)
                    }
                }
            }
        }
    }

    private func nextBatch() -> [(job: Job, done: CheckedContinuation<Void, any Error>)]? {
        queue.withLock { queue in
            guard !queue.waiting.isEmpty else {
                queue.committing -= 1
                return nil
            }
            let count = min(maximumBatch, queue.waiting.count)
            let batch = Array(queue.waiting.prefix(count))
            queue.waiting.removeFirst(count)
            return batch
        }
    }
}

/// What a job answered, kept until its commit is known; a job run again answers again.
public final class JobOutcome<Value: Sendable>: Sendable {
    private let stored = Mutex<Value?>(nil)

    public init() {}

    /// Records an answer; a job that throws instead records nothing, and its batch is taken back.
    public func record(_ value: Value) {
        stored.withLock { $0 = value }
    }

    /// The recorded answer, once the job's batch committed.
    public func value() throws(StorageError) -> Value {
        guard let value = stored.withLock({ $0 }) else { throw StorageError("a write was committed without running") }
        return value
    }
}
