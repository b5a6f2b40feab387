/// One APDU answer: data and status word.
public struct LedgerAnswer: Sendable, Equatable {
    /// What the device answered before the status word.
    public let data: [UInt8]
    /// The last two bytes of the answer, big-endian.
    public let status: UInt16

    /// An answer from its parts.
    public init(data: [UInt8], status: UInt16) {
        self.data = data
        self.status = status
    }

    /// Splits an answer as it arrives over USB: data, then the status word; nil when shorter than a status word.
    public init?(dataAndStatus bytes: [UInt8]) {
        guard bytes.count >= 2 else { return nil }
        self.init(data: Array(bytes.dropLast(2)), status: UInt16(bytes[bytes.count - 2]) << 8 | UInt16(bytes[bytes.count - 1]))
    }
}
