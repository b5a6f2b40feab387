import TestSupport

/// The seeded choices the CLI grammar fuzz makes, over TestSupport's SplitMix64 so a failing
/// vector replays from its seed and index alone.
struct FuzzRandom {
    private var generator: SplitMix64

    /// A generator for vector `index` of the run seeded with `seed`: each vector replays on its own.
    init(seed: UInt64, index: Int) {
        var mix = SplitMix64(seed: seed ^ (UInt64(index) &* 0x9e37_79b9_7f4a_7c15))
        generator = SplitMix64(seed: mix.next())
    }

    mutating func next() -> UInt64 { generator.next() }

    /// An integer in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &generator) < p }

    /// One of `items`, which must not be empty.
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
}
