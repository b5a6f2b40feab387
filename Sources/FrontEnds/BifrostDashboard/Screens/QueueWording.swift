import AppCore

/// The dashboard's words for where a queued transaction stands in the Safe's order
/// (`ExecutionReadiness`, decided below); the queue and the transaction page say it alike.
enum QueueWording {
    /// The short status: "ready to execute", "1 of 2 confirmed", "confirmed · waits for nonce 3".
    static func standing(_ readiness: ExecutionReadiness, _ count: ConfirmationCount) -> String {
        switch readiness {
        case .ready: "ready to execute"
        case .needsConfirmations(let confirmed, let threshold): "\(confirmed) of \(threshold) confirmed"
        case .waitsForNonce(let next, let confirmed):
            (confirmed ? "confirmed" : "\(count.confirmed) of \(count.threshold) confirmed") + " · waits for nonce \(next)"
        case .nonceUsed(let current): "nonce used (the Safe is at \(current))"
        }
    }

    /// Why Execute is not offered, in a sentence; nil when it is.
    static func whyNotExecutable(_ readiness: ExecutionReadiness) -> String? {
        switch readiness {
        case .ready: nil
        case .needsConfirmations(_, let threshold): "Execute becomes available at \(threshold) confirmations."
        case .waitsForNonce(let next, _):
            "Waits for nonce \(next): the Safe executes in nonce order, so the transaction at nonce \(next) must execute or be rejected first."
        case .nonceUsed(let current): "Nonce used: the Safe is at nonce \(current), so this transaction can never execute."
        }
    }
}

extension RenderContext {
    /// The vault key at `address`, if it is one of yours.
    func key(at address: Address) -> Account? { keys.first { $0.address == address } }

    /// An owner as a list shows it: short, named, and marked when it is your key.
    func owner(_ address: Address) -> HTML {
        if let key = key(at: address) {
            return "<span class=\"owner mine\" title=\"\(address.checksummed)\">\(Format.short(address)) <strong>\(key.name)</strong> <span class=\"pill mine\">your key</span></span>"
        }
        let name: HTML = names.name(address).map { " <span class=\"address-name\">\($0)</span>" } ?? .empty
        return "<span class=\"owner\" title=\"\(address.checksummed)\">\(Format.short(address))\(name)</span>"
    }

    /// The mark after an address that is your key: "your key", with its vault name unless the address's name already says it.
    func mineMark(_ address: Address) -> HTML {
        guard let key = key(at: address) else { return .empty }
        if names.name(address)?.contains(key.name) == true { return " <span class=\"pill mine\">your key</span>" }
        return " <span class=\"pill mine\">your key · \(key.name)</span>"
    }
}
