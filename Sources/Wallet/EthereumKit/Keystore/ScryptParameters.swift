/// The cost parameters of scrypt (RFC 7914): CPU/memory cost `n`, block size `r`, parallelism `p`.
///
/// Bifrost writes keystores only with parameters inside RFC 7914's limits and its own sanity
/// limits (`.standard` unless told otherwise). When reading, it also accepts the legacy
/// out-of-limit parameters of the old Web3 Secret Storage wiki example (N=262144, r=1, p=8);
/// see `ScryptKDF` for how.
public struct ScryptParameters: Sendable, Equatable {
    /// CPU/memory cost: a power of two, at least 2.
    public let n: Int
    /// Block size factor.
    public let r: Int
    /// Parallelisation factor.
    public let p: Int

    public init(n: Int, r: Int, p: Int) {
        self.n = n
        self.r = r
        self.p = p
    }

    /// geth's and eth-account's default: N=2^18, r=8, p=1 (256 MiB, well under a second in release).
    public static let standard = ScryptParameters(n: 1 << 18, r: 8, p: 1)
    /// geth's "light" setting, N=2^12: for tests and benchmarks only, never for real keys.
    public static let light = ScryptParameters(n: 1 << 12, r: 8, p: 1)
}

extension ScryptParameters {
    /// The largest N accepted from a file.
    static let maxN = 1 << 22
    /// The largest r·p accepted from a file (the usual settings are 8).
    static let maxRP = 1 << 10
    /// The largest scrypt table (128·r·N bytes) accepted from a file: 1 GiB.
    static let maxTableBytes = 1 << 30
    /// The largest total work N·r·p accepted from a file: 32 times `.standard`.
    static let maxWork = 1 << 26

    /// Refuses parameters that are malformed or so costly that a hostile file could exhaust
    /// memory or CPU: N not a power of two or above 2^22, r or p below 1, r·p above 1024, a table
    /// over 1 GiB, or more than 32 times the work of `.standard`.
    func checkAcceptable() throws(KeystoreFileError) {
        guard n >= 2, n & (n - 1) == 0 else { throw .invalidParameters("scrypt n must be a power of two ≥ 2, got \(n)") }
        guard n <= Self.maxN else { throw .invalidParameters("scrypt n \(n) is above the limit 2^22") }
        guard r >= 1, p >= 1 else { throw .invalidParameters("scrypt r and p must be at least 1, got r=\(r) p=\(p)") }
        guard r <= Self.maxRP, p <= Self.maxRP, r * p <= Self.maxRP else {
            throw .invalidParameters("scrypt r·p is above the limit \(Self.maxRP), got r=\(r) p=\(p)")
        }
        guard 128 * r * n <= Self.maxTableBytes else {
            throw .invalidParameters("scrypt would need \(128 * r * n) bytes, above the 1 GiB limit")
        }
        guard n * r * p <= Self.maxWork else {
            throw .invalidParameters("scrypt work n·r·p = \(n * r * p) is above the limit 2^26")
        }
    }

    /// True when RFC 7914 allows these (already acceptable) parameters: N < 2^(128·r/8) and
    /// p ≤ (2^32 − 1)·32 / (128·r). BoringSSL refuses anything else.
    var isWithinRFC7914: Bool {
        let nLimitOK = 16 * r >= 63 || n < (1 << (16 * r))
        let pLimitOK = p <= (Int(UInt32.max) * 32) / (128 * r)
        return nLimitOK && pLimitOK
    }

    /// Parameters Bifrost is willing to write: acceptable and within RFC 7914.
    func checkWritable() throws(KeystoreFileError) {
        try checkAcceptable()
        guard isWithinRFC7914 else {
            throw .invalidParameters("scrypt n=\(n) r=\(r) p=\(p) exceed RFC 7914's limit; Bifrost reads such legacy files but never writes them")
        }
    }
}
