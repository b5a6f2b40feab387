/// Why a value could not be ABI-encoded, or bytes could not be ABI-decoded.
public enum ABIError: Error, Equatable, Sendable, CustomStringConvertible {
    case typeMismatch(expected: String, got: String)
    case valueOutOfRange(type: String)
    case wrongLength(type: String, expected: Int, got: Int)
    case truncated
    case offsetOutOfBounds
    case dirtyPadding(type: String)
    case invalidBool
    case invalidUTF8
    case tooLarge
    case invalidArgument(type: String, text: String)
    case argumentCount(expected: Int, got: Int)
    case selectorMismatch(expected: String, got: String)

    public var description: String {
        switch self {
        case .typeMismatch(let e, let g): return "expected a value of type \(e), got \(g)"
        case .valueOutOfRange(let t): return "value does not fit in \(t)"
        case .wrongLength(let t, let e, let g): return "\(t) takes \(e) items or bytes, got \(g)"
        case .truncated: return "ABI data ends too early"
        case .offsetOutOfBounds: return "ABI offset or length points outside the data"
        case .dirtyPadding(let t): return "ABI data for \(t) has non-zero padding"
        case .invalidBool: return "ABI bool must be 0 or 1"
        case .invalidUTF8: return "ABI string is not valid UTF-8"
        case .tooLarge: return "ABI data declares more elements than it can hold"
        case .invalidArgument(let t, let s): return "'\(s)' is not a valid \(t)"
        case .argumentCount(let e, let g): return "expected \(e) arguments, got \(g)"
        case .selectorMismatch(let e, let g): return "calldata selector \(g) does not match the signature's \(e)"
        }
    }
}
