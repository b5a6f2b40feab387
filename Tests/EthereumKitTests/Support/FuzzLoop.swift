import Testing

/// The one loop every fuzz test of a decoder goes through (FuzzTests, KeystoreTests).
enum FuzzLoop {
    /// Runs `iterations` inputs that `next` makes
    /// from a seeded mutator go to `check`, which returns when the decoder accepted the input
    /// (after asserting what acceptance promises) and throws when it refused it. Both outcomes
    /// must occur, or the mutations never reached one side of the decoder's checks.
    static func run<Input>(_ what: String, seed: UInt64, iterations: Int = 3000, next: (inout Mutator, Int) throws -> Input,
                           check: (Input) throws -> Void) rethrows {
        var m = Mutator(seed: seed)
        var accepted = 0, refused = 0
        for i in 0..<iterations {
            let input = try next(&m, i)
            do {
                try check(input)
                accepted += 1
            } catch {
                _ = String(describing: error)
                refused += 1
            }
        }
        #expect(accepted > 0, "\(what): no mutated input was accepted, so nothing past the first check was exercised")
        #expect(refused > 0, "\(what): no mutated input was refused, so the mutations never reached a check")
    }
}
