/// A function signature such as `transfer(address,uint256)`, optionally followed by its
/// return types as in `balanceOf(address)(uint256)`.
public struct FunctionSignature: Hashable, Sendable, CustomStringConvertible {
    /// The function name.
    public let name: String
    /// The argument types.
    public let inputs: [ABIType]
    /// The return types, when the signature lists them.
    public let outputs: [ABIType]?

    /// Parses `name(types…)` or `name(types…)(types…)`; `function ` prefixes and parameter names are tolerated.
    public init(_ text: String) throws(ABITypeError) {
        var s = text.trimmingWhitespace()
        if s.hasPrefix("function ") { s = String(s.dropFirst(9)).trimmingWhitespace() }
        guard let open = s.firstIndex(of: "(") else { throw .invalidSignature(text) }
        let name = String(s[..<open])
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }),
              !(name.first?.isNumber ?? true)
        else { throw .invalidSignature(text) }
        var p = ABITypeParser(Array(s[open...].utf8))
        let inputs: [ABIType]
        do { inputs = try p.parseTupleBody() } catch { throw .invalidSignature(text) }
        var outputs: [ABIType]? = nil
        if p.peek == UInt8(ascii: " ") || p.peek == UInt8(ascii: "r") {
            // `… returns (uint256)` as in Solidity source.
            let rest = String(s[open...]).components(separatedBy: "returns").last ?? ""
            var q = ABITypeParser(Array(rest.trimmingWhitespace().utf8))
            do { outputs = try q.parseTupleBody() } catch { throw .invalidSignature(text) }
        } else if p.peek == UInt8(ascii: "(") {
            do { outputs = try p.parseTupleBody() } catch { throw .invalidSignature(text) }
            guard p.atEnd else { throw .invalidSignature(text) }
        } else {
            guard p.atEnd else { throw .invalidSignature(text) }
        }
        self.name = name
        self.inputs = inputs
        self.outputs = outputs
    }

    /// The canonical form hashed for the selector, e.g. `transfer(address,uint256)`.
    public var canonical: String { name + "(" + inputs.map(\.description).joined(separator: ",") + ")" }

    /// The first four bytes of the Keccak-256 of the canonical form.
    public var selector: [UInt8] { Array(Keccak256.hash(Array(canonical.utf8)).prefix(4)) }

    /// Calldata: selector followed by the ABI-encoded arguments.
    public func encodeCall(_ values: [ABIValue]) throws(ABIError) -> [UInt8] {
        selector + (try ABIEncoder.encode(inputs, values))
    }

    /// Decodes calldata for this function; the selector must match.
    public func decodeCall(_ calldata: [UInt8]) throws(ABIError) -> [ABIValue] {
        guard calldata.count >= 4 else { throw .truncated }
        guard Array(calldata.prefix(4)) == selector else {
            throw .selectorMismatch(expected: Hex.encode(selector), got: Hex.encode(calldata.prefix(4)))
        }
        return try ABIDecoder.decode(inputs, from: Array(calldata.dropFirst(4)))
    }

    public var description: String { canonical }
}

import Foundation
