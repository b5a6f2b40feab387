/// Comparison whose running time does not depend on where two byte strings first differ.
public enum ConstantTime {
    /// True when `a` and `b` are equal; inspects every byte so timing leaks only the length.
    public static func equals<A: Collection, B: Collection>(_ a: A, _ b: B) -> Bool
    where A.Element == UInt8, B.Element == UInt8 {
        guard a.count == b.count else { return false }
        var diff: UInt8 = 0
        for (x, y) in zip(a, b) { diff |= x ^ y }
        return diff == 0
    }
}
