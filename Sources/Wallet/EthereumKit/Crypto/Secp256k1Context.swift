import CSecp256k1
import Foundation

/// The process-wide libsecp256k1 context. It is created and randomised once, then only read,
/// which libsecp256k1 documents as safe from any number of threads.
final class Secp256k1Context: @unchecked Sendable {
    static let shared = Secp256k1Context()

    let raw: OpaquePointer

    private init() {
        guard let ctx = bifrost_secp256k1_context_create() else {
            fatalError("libsecp256k1 could not allocate a context")
        }
        var seed = SecureRandom.bytes(32)
        _ = secp256k1_context_randomize(ctx, &seed)
        seed.resetBytes()
        raw = ctx
    }
}
