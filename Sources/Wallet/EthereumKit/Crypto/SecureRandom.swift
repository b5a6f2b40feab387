/// Bytes from the operating system's CSPRNG. Swift's `SystemRandomNumberGenerator` reads
/// `getrandom(2)` on Linux and `arc4random_buf(3)` on Apple systems.
public enum SecureRandom {
    /// `count` cryptographically secure random bytes.
    public static func bytes(_ count: Int) -> [UInt8] {
        var rng = SystemRandomNumberGenerator()
        var out = [UInt8]()
        out.reserveCapacity(count + 8)
        while out.count < count {
            let word = rng.next()
            for k in 0..<8 where out.count < count { out.append(UInt8(truncatingIfNeeded: word >> (8 * UInt64(k)))) }
        }
        return out
    }
}

extension Array where Element == UInt8 {
    /// Overwrites the contents with zeros; used to shorten the life of secrets in memory.
    mutating func resetBytes() {
        for i in indices { self[i] = 0 }
    }
}
