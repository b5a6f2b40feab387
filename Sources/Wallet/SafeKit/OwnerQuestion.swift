import EthereumKit

/// What a Safe asks an owner contract when it checks that owner's contract signature (v = 0):
/// the message bytes, and which `isValidSignature` form its release uses. Transactions and
/// messages both ask through it, so the call and the magic value are decided once.
public struct OwnerQuestion: Sendable, Equatable {
    /// The bytes the owner contract is asked about.
    public let message: [UInt8]
    /// Whether the pre-standard `isValidSignature(bytes,bytes)` is asked (before Safe 1.5.0).
    public let legacy: Bool

    /// A question about `message` in the legacy or the `bytes32` form.
    public init(message: [UInt8], legacy: Bool) {
        self.message = message
        self.legacy = legacy
    }

    /// The `isValidSignature` call with `signature`.
    public func call(signature: [UInt8]) throws(SafeKitError) -> [UInt8] {
        try SafeContract.encode(legacy ? ContractSignature.legacyIsValidSignature : ContractSignature.isValidSignature,
                                [.bytes(message), .bytes(signature)])
    }

    /// Whether an owner that is a Safe of `version`, with its release's fallback handler, can
    /// answer this question at all: from 1.5.0 the handler answers only the `bytes32` form, so a
    /// 1.5.0 Safe cannot confirm by signature for a parent that asks the legacy one (before 1.5.0).
    public func isAnswerable(byOwnerSafeOf version: SafeVersion) -> Bool {
        !legacy || version < .v1_5_0
    }

    /// Whether `answer` is the magic value this form returns on success.
    public func accepts(_ answer: [UInt8]) -> Bool {
        answer.count >= 4 && Array(answer.prefix(4)) == (legacy ? ContractSignature.legacyMagic : ContractSignature.magic)
    }
}
