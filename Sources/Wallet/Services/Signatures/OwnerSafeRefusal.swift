import SafeKit

/// The words for an owner Safe that cannot confirm by signature, shared by the gate and by
/// signing for an owner Safe, which checks before asking for a password.
enum OwnerSafeRefusal {
    static func unanswerable(child: String, version: SafeVersion) -> String {
        "Safe \(child) runs \(version.rawValue), whose fallback handler answers only isValidSignature(bytes32,bytes), not the legacy "
            + "form this Safe asks; it can confirm only by approving the hash on chain"
    }
}
