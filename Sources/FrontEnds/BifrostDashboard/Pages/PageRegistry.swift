import Foundation

/// The open pages, each with its own store, by id. A page is forgotten when the most pages are
/// open and it is the least recently used, or when it has been left unused for a while.
@MainActor
final class PageRegistry {
    private var pages: [String: any DashboardPage] = [:]
    private var lastUsed: [String: ContinuousClock.Instant] = [:]
    /// How many pages stay open at once.
    let capacity: Int
    /// How long an unused page is kept.
    let idleLimit: Duration
    private var nextNumber = 0

    init(capacity: Int = 64, idleLimit: Duration = .seconds(30 * 60)) {
        self.capacity = capacity
        self.idleLimit = idleLimit
    }

    /// A fresh id: a counter and random bits, so ids are not guessable across runs.
    func newID() -> String {
        nextNumber += 1
        return "\(nextNumber)-\(UInt32.random(in: .min ... .max))"
    }

    func add(_ page: any DashboardPage) {
        sweep()
        if pages.count >= capacity, let oldest = lastUsed.min(by: { $0.value < $1.value })?.key { remove(oldest) }
        pages[page.id] = page
        lastUsed[page.id] = .now
    }

    /// The page `id`, marked as used.
    func page(_ id: String) -> (any DashboardPage)? {
        guard let page = pages[id] else { return nil }
        lastUsed[id] = .now
        return page
    }

    /// The render streams open on every page, for the tests of their release.
    var openStreams: Int { pages.values.reduce(0) { $0 + $1.openStreams } }

    /// Every open page; the home changed under them.
    func homeChanged() { for page in pages.values { page.homeChanged() } }

    private func sweep() {
        let now = ContinuousClock.now
        for (id, used) in lastUsed where now - used > idleLimit { remove(id) }
    }

    private func remove(_ id: String) {
        pages.removeValue(forKey: id)?.close()
        lastUsed[id] = nil
    }
}
