// Runs one of the benchmarked operations N times, untimed, so that `Benchmarks/run` can count its
// instructions under valgrind (callgrind) next to the C reference doing the same work. Instruction
// counts do not depend on what else the machine is doing, unlike the timings.
//
// Usage: EthereumKitOps NAME N    (NAME as in EthereumKitBenchmarks: "keccak256 32B", ...)

import EthereumKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

func fail(_ message: String) -> Never {
    let line = message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(2)
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let n = Int(arguments[2]), n >= 0 else { fail("usage: EthereumKitOps NAME N") }

/// Keeps a result alive so the optimiser cannot drop the work that produced it.
@inline(never)
func keep<T>(_ value: T) { withExtendedLifetime(value) {} }

/// Runs the operation outside top-level code, whose closures would check for the main actor on
/// every call (which would cost more than the setup it runs).
nonisolated func run(_ name: String, _ n: Int) throws {
    switch name {
    case "keccak256 32B":
        var input = [UInt8](repeating: 0x5a, count: 32)
        for i in 0..<n {
            input[0] = UInt8(truncatingIfNeeded: i)
            keep(Keccak256.hash(input))
        }
    case "keccak256 1MiB":
        var input = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        for i in 0..<n {
            input[0] = UInt8(truncatingIfNeeded: i)
            keep(Keccak256.hash(input))
        }
    case "sign+recover":
        // Hardhat/Anvil's first default account, as in EthereumKitBenchmarks and the C reference.
        let keyBytes: [UInt8] = [
            0xac, 0x09, 0x74, 0xbe, 0xc3, 0x9a, 0x17, 0xe3, 0x6b, 0xa4, 0xa6, 0xb4, 0xd2, 0x38, 0xff, 0x94,
            0x4b, 0xac, 0xb4, 0x78, 0xcb, 0xed, 0x5e, 0xfc, 0xae, 0x78, 0x4d, 0x7e, 0xbf, 0x4f, 0x2f, 0xf8,
        ]
        let key = try PrivateKey(bytes: keyBytes)
        var digest = [UInt8](repeating: 0x42, count: 32)
        for i in 0..<n {
            for k in 0..<8 { digest[k] = UInt8(truncatingIfNeeded: i >> (8 * k)) }
            let signature = try key.sign(digest: digest)
            keep(try PublicKey.recover(digest: digest, signature: signature))
        }
    default:
        fail("EthereumKitOps: unknown operation '\(name)'")
    }
}

try run(arguments[1], n)
