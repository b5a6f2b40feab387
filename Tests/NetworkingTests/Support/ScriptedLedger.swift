import Networking
import Synchronization

/// A transport whose device is a closure: it records every APDU and answers with what the closure
/// returns for it (the signing device in the tests, the reference cases' canned answers).
final class ScriptedLedger: LedgerTransport {
    private let sent = Mutex<[[UInt8]]>([])
    private let answer: @Sendable (_ index: Int, _ apdu: [UInt8]) throws(LedgerError) -> LedgerAnswer

    init(answer: @escaping @Sendable (_ index: Int, _ apdu: [UInt8]) throws(LedgerError) -> LedgerAnswer) {
        self.answer = answer
    }

    /// Answers 0x9000 with no data to every APDU but the last of a command, and `last` to the one at `lastIndex`.
    convenience init(lastIndex: Int? = nil, last: LedgerAnswer) {
        self.init { index, _ throws(LedgerError) in
            lastIndex == nil || index == lastIndex ? last : LedgerAnswer(data: [], status: 0x9000)
        }
    }

    var apdus: [[UInt8]] { sent.withLock { $0 } }

    func exchange(_ apdu: [UInt8]) async throws(LedgerError) -> LedgerAnswer {
        let index = sent.withLock { list in
            list.append(apdu)
            return list.count - 1
        }
        return try answer(index, apdu)
    }
}

/// Hex for the literal vectors.
func bytes(_ hex: String) -> [UInt8] {
    let digits = Array(hex.filter { !$0.isWhitespace }.utf8)
    return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
}
