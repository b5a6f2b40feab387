import CoSigningStorage
import Foundation
import Services
import Storage

/// What this server last stored of each Safe it serves. A proposal stores the Safe's snapshot
/// only when it differs from that: the snapshot answers "which Safes does this owner have", and
/// rewriting it on every proposal made every proposal for one Safe queue on its row.
actor RememberedSafes {
    private var stored: [Address: ServedSafe] = [:]

    /// Whether `safe` differs, apart from when it was read, from what was last stored of it.
    func differs(_ safe: ServedSafe) -> Bool {
        guard let last = stored[safe.address] else { return true }
        return last.chainID != safe.chainID || last.owners != safe.owners || last.threshold != safe.threshold
            || last.nonce != safe.nonce || last.version != safe.version
    }

    /// Notes that `safe` is what storage now holds.
    func stored(_ safe: ServedSafe) { stored[safe.address] = safe }
}
