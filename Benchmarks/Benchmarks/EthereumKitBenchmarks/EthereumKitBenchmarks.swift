// Throughput of EthereumKit's hot paths. `Benchmarks/run` runs these through the ordo-one
// benchmark plugin and the same work through the reference implementations in
// `Benchmarks/reference/`, then prints the ratios.
//
// The names below are read by `Benchmarks/run` (reference/report.py); keep them in step.
// Every benchmark does `scaledIterations` operations per measurement, so the wall-clock time of
// one measurement divided by the scaling factor is the time of one operation.

import Benchmark
import EthereumKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The private key of Hardhat/Anvil's first default account; the C reference uses the same one.
private let keyBytes: [UInt8] = [
    0xac, 0x09, 0x74, 0xbe, 0xc3, 0x9a, 0x17, 0xe3, 0x6b, 0xa4, 0xa6, 0xb4, 0xd2, 0x38, 0xff, 0x94,
    0x4b, 0xac, 0xb4, 0x78, 0xcb, 0xed, 0x5e, 0xfc, 0xae, 0x78, 0x4d, 0x7e, 0xbf, 0x4f, 0x2f, 0xf8,
]

private let oneMiB = 1 << 20

/// Numbers the sign+recover operations, so that each signs a different digest. The benchmarks
/// run one at a time on one thread.
nonisolated(unsafe) private var signCounter: UInt64 = 0

/// Sign+recover pairs per measurement.
private let signRecoverBatch = 100

/// Seconds per benchmark: `BIFROST_BENCH_SECONDS` (set by `run --quick`), else 3.
private let secondsPerBenchmark: Int = {
    guard let raw = getenv("BIFROST_BENCH_SECONDS"), let value = Int(String(cString: raw)), value > 0 else { return 3 }
    return value
}()

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput],
        warmupIterations: 3,
        maxDuration: .seconds(secondsPerBenchmark),
        maxIterations: 1_000_000
    )

    // 32-byte input: the size of the hashes Ethereum keeps re-hashing (storage slots, EIP-712
    // members, Merkle nodes). One measurement = 1,000 hashes.
    Benchmark(
        "keccak256 32B",
        configuration: .init(scalingFactor: .kilo)
    ) { benchmark in
        var input = [UInt8](repeating: 0x5a, count: 32)
        for i in benchmark.scaledIterations {
            input[0] = UInt8(truncatingIfNeeded: i)
            blackHole(Keccak256.hash(input))
        }
    }

    // 1 MiB input: bulk throughput, where per-call costs vanish. One measurement = one hash.
    Benchmark(
        "keccak256 1MiB",
        configuration: .init(scalingFactor: .one)
    ) { benchmark in
        let input = (0..<oneMiB).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(Keccak256.hash(input))
        }
    }

    // Sign a 32-byte digest (RFC 6979, low-s, recoverable) and recover the public key from the
    // signature, as a wallet does to check what it produced. One measurement = 100 pairs, each
    // over a different digest (ordo-one/benchmark has no scaling factor of 100, hence the inner
    // loop): enough to amortise the harness's own work between measurements, which otherwise
    // evicts libsecp256k1's tables from the cache, while still giving many measurements.
    Benchmark(
        "sign+recover",
        configuration: .init(scalingFactor: .one)
    ) { benchmark in
        let key = try PrivateKey(bytes: keyBytes)
        var digest = [UInt8](repeating: 0x42, count: 32)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            for _ in 0..<signRecoverBatch {
                signCounter &+= 1
                for k in 0..<8 { digest[k] = UInt8(truncatingIfNeeded: signCounter >> (8 * UInt64(k))) }
                let signature = try key.sign(digest: digest)
                let recovered = try PublicKey.recover(digest: digest, signature: signature)
                blackHole(recovered)
            }
        }
    }
}
