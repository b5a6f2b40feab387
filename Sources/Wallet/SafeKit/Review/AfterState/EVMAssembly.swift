import BigInt

/// A few EVM instructions with named jump targets, assembled to bytecode: enough to write the
/// small probe contracts a review runs by state override, readable here rather than as hex.
struct EVMAssembly {
    /// The opcodes the probes use.
    enum Op: UInt8 {
        case stop = 0x00, add = 0x01, sub = 0x03, lt = 0x10, gt = 0x11, eq = 0x14, isZero = 0x15, shl = 0x1b, shr = 0x1c
        case sha3 = 0x20, address = 0x30, balance = 0x31, caller = 0x33, callDataLoad = 0x35, callDataSize = 0x36, callDataCopy = 0x37
        case returnDataSize = 0x3d, returnDataCopy = 0x3e, selfBalance = 0x47
        case pop = 0x50, mstore = 0x52, sload = 0x54, jump = 0x56, jumpI = 0x57, gas = 0x5a, jumpDest = 0x5b
        case dup1 = 0x80, dup2 = 0x81, dup3 = 0x82, dup4 = 0x83, swap1 = 0x90, swap2 = 0x91
        case call = 0xf1, `return` = 0xf3, delegateCall = 0xf4, revert = 0xfd
    }

    private enum Piece {
        case op(Op)
        case push([UInt8])
        case pushLabel(String)
        case label(String)
    }

    private var pieces: [Piece] = []

    mutating func op(_ ops: Op...) { pieces += ops.map(Piece.op) }

    /// PUSH of the value in as few bytes as it needs (at least one).
    mutating func push(_ value: BigUInt) {
        let bytes = Array(value.serialize().drop { $0 == 0 })
        pieces.append(.push(bytes.isEmpty ? [0] : bytes))
    }

    /// PUSH of 32 bytes as given (a hash used as a storage slot).
    mutating func push(word: [UInt8]) { pieces.append(.push(word)) }

    /// PUSH2 of a label's offset, for JUMP and JUMPI.
    mutating func push(label: String) { pieces.append(.pushLabel(label)) }

    /// A JUMPDEST named `name`.
    mutating func label(_ name: String) { pieces.append(.label(name)) }

    /// The bytecode; every label is two bytes wide, so offsets are known in one pass.
    func assembled() -> [UInt8] {
        var offsets: [String: Int] = [:], at = 0
        for piece in pieces {
            switch piece {
            case .op: at += 1
            case .push(let bytes): at += 1 + bytes.count
            case .pushLabel: at += 3
            case .label(let name): offsets[name] = at; at += 1
            }
        }
        var code: [UInt8] = []
        for piece in pieces {
            switch piece {
            case .op(let op): code.append(op.rawValue)
            case .push(let bytes): code += [0x5f + UInt8(bytes.count)] + bytes
            case .pushLabel(let name):
                let offset = offsets[name]!
                code += [0x61, UInt8(offset >> 8), UInt8(offset & 0xff)]
            case .label: code.append(Op.jumpDest.rawValue)
            }
        }
        return code
    }
}
