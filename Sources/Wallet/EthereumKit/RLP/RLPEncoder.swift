/// Serialises `RLPItem`s.
public enum RLPEncoder {
    /// The RLP encoding of `item`.
    public static func encode(_ item: RLPItem) -> [UInt8] {
        var out = [UInt8]()
        append(item, to: &out)
        return out
    }

    private static func append(_ item: RLPItem, to out: inout [UInt8]) {
        switch item {
        case .bytes(let b):
            if b.count == 1, b[0] < 0x80 {
                out.append(b[0])
            } else {
                appendHeader(length: b.count, offset: 0x80, to: &out)
                out.append(contentsOf: b)
            }
        case .list(let items):
            var body = [UInt8]()
            for i in items { append(i, to: &body) }
            appendHeader(length: body.count, offset: 0xc0, to: &out)
            out.append(contentsOf: body)
        }
    }

    private static func appendHeader(length: Int, offset: UInt8, to out: inout [UInt8]) {
        if length < 56 {
            out.append(offset + UInt8(length))
        } else {
            let lengthBytes = bigEndianBytes(UInt64(length))
            out.append(offset + 55 + UInt8(lengthBytes.count))
            out.append(contentsOf: lengthBytes)
        }
    }

    static func bigEndianBytes(_ v: UInt64) -> [UInt8] {
        var bytes = [UInt8]()
        var x = v
        while x > 0 {
            bytes.insert(UInt8(x & 0xff), at: 0)
            x >>= 8
        }
        return bytes
    }
}
