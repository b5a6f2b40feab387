/// Percent-encoding of one URL component, for every URL Bifrost builds from outside text.
public enum PercentEncoding {
    /// `text` with all but RFC 3986 unreserved characters percent-encoded (UTF-8, uppercase hex), so
    /// `+`, `&`, `=`, `/`, `?` and `#` in a value or a path segment cannot end it.
    public static func component(_ text: some StringProtocol) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
