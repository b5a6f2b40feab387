import Foundation
import Storage
import Synchronization
import Testing

/// Group commit's promises, with a commit that behaves as a transaction does: a batch's jobs are
/// kept together or not at all.
@Suite("Group commit")
struct GroupCommitTests {
    /// What was committed, batch by batch; a batch holding a job that throws keeps nothing.
    final class Ledger: Sendable {
        let batches = Mutex<[[Int]]>([])

        func commit(_ jobs: [@Sendable () throws -> Int]) async throws {
            // Long enough for the other writers to queue behind this commit.
            try await Task.sleep(for: .milliseconds(5))
            let values = try jobs.map { try $0() }
            batches.withLock { $0.append(values) }
        }
    }

    struct Refused: Error {}

    @Test("64 writers at once share batches, each answered after its batch committed and committed once")
    func shareBatches() async throws {
        let ledger = Ledger()
        let commits = GroupCommit<@Sendable () throws -> Int> { jobs in try await ledger.commit(jobs) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for n in 0..<64 {
                group.addTask {
                    try await commits.submit { n }
                    // Answered only once committed: the value is in the ledger already.
                    #expect(ledger.batches.withLock { $0.joined().contains(n) })
                }
            }
            try await group.waitForAll()
        }
        let batches = ledger.batches.withLock { $0 }
        #expect(batches.joined().sorted() == Array(0..<64))
        #expect(batches.count < 16, "\(batches.count) commits for 64 writes")
    }

    @Test("a job that throws fails alone: its batch is taken back and the others are committed one by one")
    func failureStaysAlone() async throws {
        let ledger = Ledger()
        let commits = GroupCommit<@Sendable () throws -> Int> { jobs in try await ledger.commit(jobs) }
        let results = await withTaskGroup(of: (Int, Bool).self) { group in
            for n in 0..<32 {
                group.addTask {
                    do {
                        try await commits.submit { if n == 7 { throw Refused() }; return n }
                        return (n, true)
                    } catch {
                        return (n, error is Refused ? false : true)
                    }
                }
            }
            return await group.reduce(into: [Int: Bool]()) { $0[$1.0] = $1.1 }
        }
        #expect(results.filter { !$0.value }.map(\.key) == [7])
        #expect(ledger.batches.withLock { $0.joined().sorted() } == Array(0..<32).filter { $0 != 7 })
    }

    @Test("with two lanes and batches of 8, two batches commit at once and never more")
    func lanes() async throws {
        let running = Mutex((now: 0, most: 0))
        let commits = GroupCommit<@Sendable () -> Void>(lanes: 2, maximumBatch: 8) { jobs in
            running.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
            try await Task.sleep(for: .milliseconds(5))
            jobs.forEach { $0() }
            running.withLock { $0.now -= 1 }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<64 { group.addTask { try await commits.submit {} } }
            try await group.waitForAll()
        }
        #expect(running.withLock { $0.most } == 2)
    }
}
