/// The values of one keypath of a store's state, as a subscriber iterates them: the current value
/// first, then each change, repeats skipped. A subscriber that falls more than 64 changes behind
/// continues from the oldest one kept, as a stream buffering the newest 64 would.
public struct StoreSubscription<Value: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Value
    public typealias Failure = Never

    let source: SubscriptionSource<Value>

    public func makeAsyncIterator() -> Iterator { Iterator(source: source, seen: source.startVersion) }

    /// Iterates the subscription; `next()` returns nil once its task is cancelled.
    public struct Iterator: AsyncIteratorProtocol, Sendable {
        let source: SubscriptionSource<Value>
        var seen: Int

        public mutating func next() async -> Value? {
            guard let (value, version) = await source.next(seen) else { return nil }
            seen = version
            return value
        }
    }
}

/// What a subscription reads from: its keypath's shared log in the store, kept alive (and
/// counted) while any copy of the subscription or its iterators exists.
final class SubscriptionSource<Value: Sendable>: Sendable {
    let startVersion: Int
    let next: @Sendable (Int) async -> (Value, Int)?
    private let release: @Sendable () -> Void

    init(startVersion: Int, next: @escaping @Sendable (Int) async -> (Value, Int)?, release: @escaping @Sendable () -> Void) {
        self.startVersion = startVersion
        self.next = next
        self.release = release
    }

    deinit { release() }
}
