import Foundation

/// When and how long to try a read again: on rate limits (429), gateway failures (502, 503, 504),
/// lost connections and timeouts, with exponential backoff and full jitter, honouring
/// `Retry-After`, all within one overall deadline.
public struct RetryPolicy: Sendable {
    /// How long all tries of one request may take together.
    public var deadline: Duration
    /// The first backoff; each retry doubles it up to `maxDelay`.
    public var baseDelay: Duration
    public var maxDelay: Duration
    /// Waits between tries; tests pass one that records instead of sleeping.
    public var sleep: @Sendable (Duration) async throws -> Void
    /// A random fraction in 0..<1 for the jitter.
    public var random: @Sendable () -> Double

    /// A policy; the defaults suit public providers' rate limits.
    public init(deadline: Duration = .seconds(30), baseDelay: Duration = .milliseconds(250), maxDelay: Duration = .seconds(8),
                sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
                random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }) {
        self.deadline = deadline
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.sleep = sleep
        self.random = random
    }

    /// No retries at all.
    public static let never = RetryPolicy(deadline: .zero)

    /// Whether `error` is worth another try: the server or the way to it is busy or broke, not the request.
    public static func isTransient(_ error: NetworkError) -> Bool {
        switch error {
        case .httpStatus(let status, _): return [429, 502, 503, 504].contains(status)
        case .connectionLost, .timeout: return true
        case .unreachable, .invalidResponse, .rpc, .cancelled, .gaveUp, .tooManyPages: return false
        }
    }

    /// The wait before try number `attempt` (1 for the first retry): the server's `Retry-After` when
    /// it gave one, else a random share of the doubled backoff, so many clients do not retry in step.
    func delay(attempt: Int, retryAfter: Duration?) -> Duration {
        if let retryAfter { return min(retryAfter, maxDelay) }
        let ceiling = min(baseDelay * Double(1 << min(attempt - 1, 20)), maxDelay)
        return ceiling * random()
    }

    /// `Retry-After` in seconds (the HTTP-date form is rare from RPC providers and is ignored).
    static func retryAfter(_ headers: [String: String]) -> Duration? {
        guard let text = headers["retry-after"]?.trimmingCharacters(in: .whitespaces), let seconds = Double(text), seconds >= 0 else { return nil }
        return .milliseconds(Int(seconds * 1000))
    }
}

/// A `Network` that retries what `RetryPolicy` calls transient, for requests marked `retryable`.
/// Every front end's reads get the same patience; broadcasts are left to their caller.
public struct RetryingNetwork: Network {
    public let base: any Network
    public let policy: RetryPolicy

    /// Retries `base`'s transient failures under `policy`.
    public init(_ base: any Network, policy: RetryPolicy = RetryPolicy()) {
        self.base = base
        self.policy = policy
    }

    /// A stream is not retried here: its reader knows where to resume, and reconnects itself.
    public func events(_ request: HTTPRequest) -> AsyncThrowingStream<ServerSentEvent, any Error> { base.events(request) }

    public func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        guard request.retryable, policy.deadline > .zero else { return try await base.send(request) }
        var schedule = RetrySchedule(policy: policy, origin: Self.origin(request.url))
        while true {
            let failure: NetworkError
            var retryAfter: Duration?
            do {
                let response = try await base.send(request)
                guard !response.isSuccess, [429, 502, 503, 504].contains(response.status) else { return response }
                retryAfter = RetryPolicy.retryAfter(response.headers)
                failure = .httpStatus(response.status, body: NetworkError.excerpt(response.body))
            } catch {
                guard RetryPolicy.isTransient(error) else { throw error }
                failure = error
            }
            try await schedule.wait(after: failure, retryAfter: retryAfter)
        }
    }

    /// `scheme://host:port` only: RPC URLs often carry an API key in the path, and errors get printed.
    static func origin(_ url: URL) -> String {
        var text = "\(url.scheme ?? "http")://\(url.host ?? "?")"
        if let port = url.port { text += ":\(port)" }
        return text
    }
}

/// One request's tries under a policy: the wait before each next try, and the end at the deadline.
struct RetrySchedule {
    let policy: RetryPolicy
    /// Named in the error at the end (scheme, host and port only).
    let origin: String
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var attempt = 0
    // What the waits added up to: with a test's sleep that returns at once the clock barely moves.
    private var waited = Duration.zero

    init(policy: RetryPolicy, origin: String) {
        self.policy = policy
        self.origin = origin
        start = clock.now
    }

    /// Waits before the next try; past the deadline, throws `gaveUp` with `failure` as the cause.
    mutating func wait(after failure: NetworkError, retryAfter: Duration? = nil) async throws(NetworkError) {
        attempt += 1
        let wait = policy.delay(attempt: attempt, retryAfter: retryAfter)
        let spent = max(clock.now - start, waited)
        guard spent + wait < policy.deadline else {
            throw .gaveUp(origin: origin, seconds: LiveNetwork.wholeSeconds(spent), cause: failure.description)
        }
        do { try await policy.sleep(wait) } catch { throw .cancelled }
        waited += wait
    }
}
