import BigInt
import EthereumKit

/// A contract a review places at an unused address by state override and has the Safe
/// delegatecall through its own `simulateAndRevert`: it performs the transaction's call as the
/// Safe, then reads the Safe's storage as it stands after, so one `eth_call` shows the effect and
/// nothing is ever written to the chain.
///
/// Its calldata is five words (target, value, operation, the data's length, and the count n of
/// addresses to watch), the n addresses, then the call's data; operation 2 means "read only", for
/// the state before. It answers eight words (singleton, owner count, threshold, nonce, guard,
/// fallback handler, module guard, the Safe's balance), then three lists, each a count and its
/// entries: the owners and the modules, read by walking the Safe's linked lists from the sentinel
/// (at most `listLimit` entries each), and the watched addresses' ETH balances.
public enum SafeStateProbe {
    /// Where the probe's code is placed: an address no one holds a key or code for.
    public static let address = try! Address(bytes: Array(Keccak256.hash(Array("bifrost.safe-state-probe".utf8)).suffix(20)))

    /// Entries read of each linked list; a longer list is reported as cut.
    public static let listLimit = 64

    /// Storage slot of the module guard (Safe 1.5.0).
    public static let moduleGuardSlot = Keccak256.hash(Array("module_manager.module_guard.address".utf8))

    /// The probe's runtime code.
    public static let code: [UInt8] = {
        var a = EVMAssembly()
        // Copy the call's data (after the watched addresses) to memory 0 and perform it as the Safe, unless only reading.
        a.push(0x60); a.op(.callDataLoad)                               // len
        a.op(.dup1); a.push(0x80); a.op(.callDataLoad); a.push(5); a.op(.shl); a.push(0xa0); a.op(.add)
        a.push(0); a.op(.callDataCopy)                                  // memory[0..len] = data

        a.push(0x40); a.op(.callDataLoad)                               // op len
        a.op(.dup1); a.push(2); a.op(.eq); a.push(label: "readOnly"); a.op(.jumpI)
        a.push(label: "delegate"); a.op(.jumpI)                         // len
        a.push(0); a.push(0); a.op(.dup3); a.push(0); a.push(0x20); a.op(.callDataLoad); a.push(0); a.op(.callDataLoad)
        a.op(.gas, .call)                                               // success len
        a.push(label: "performed"); a.op(.jump)
        a.label("delegate")                                             // len
        a.push(0); a.push(0); a.op(.dup3); a.push(0); a.push(0); a.op(.callDataLoad)
        a.op(.gas, .delegateCall)                                       // success len
        a.label("performed")
        a.push(label: "succeeded"); a.op(.jumpI)                        // len
        // The call failed: revert with its own revert data, for the review to show.
        a.op(.returnDataSize); a.push(0); a.push(0); a.op(.returnDataCopy)
        a.op(.returnDataSize); a.push(0); a.op(.revert)
        a.label("readOnly")                                             // op len
        a.op(.pop)
        a.label("succeeded")                                            // len
        a.op(.pop)
        // The answer is written from 0x80 up; 0x00-0x3f is scratch for the mapping keys.
        a.push(0x80)                                                    // p
        func word(_ value: (inout EVMAssembly) -> Void) {
            value(&a)                                                   // value p
            a.op(.dup2, .mstore); a.push(0x20); a.op(.add)              // p+32
        }
        word { $0.push(0); $0.op(.sload) }
        word { $0.push(3); $0.op(.sload) }
        word { $0.push(4); $0.op(.sload) }
        word { $0.push(5); $0.op(.sload) }
        word { $0.push(word: SafeContract.guardSlot); $0.op(.sload) }
        word { $0.push(word: SafeContract.fallbackHandlerSlot); $0.op(.sload) }
        word { $0.push(word: moduleGuardSlot); $0.op(.sload) }
        word { $0.op(.selfBalance) }
        // The owners (mapping at slot 2) and modules (slot 1), from the sentinel 0x1.
        for (name, slot) in [("owners", BigUInt(2)), ("modules", BigUInt(1))] {
            a.op(.dup1); a.push(0x20); a.op(.add); a.push(1)            // key q p
            a.label("\(name)Next")
            a.op(.dup1); a.push(0); a.op(.mstore); a.push(slot); a.push(0x20); a.op(.mstore)
            a.push(0x40); a.push(0); a.op(.sha3, .sload, .swap1, .pop)  // next q p
            a.op(.dup1); a.push(2); a.op(.gt); a.push(label: "\(name)Done"); a.op(.jumpI)
            a.op(.dup3, .dup3, .sub); a.push(BigUInt(listLimit + 1) * 32); a.op(.gt, .isZero)
            a.push(label: "\(name)Done"); a.op(.jumpI)
            a.op(.dup1, .dup3, .mstore, .swap1); a.push(0x20); a.op(.add, .swap1)  // next q+32 p
            a.push(label: "\(name)Next"); a.op(.jump)
            a.label("\(name)Done")                                      // next q p
            a.op(.pop, .dup2, .dup2, .sub); a.push(0x20); a.op(.swap1, .sub); a.push(5); a.op(.shr)
            a.op(.dup3, .mstore, .swap1, .pop)                          // q
        }
        // The watched addresses' balances: a count, then each.
        a.push(0x80); a.op(.callDataLoad, .dup1, .dup3, .mstore, .swap1); a.push(0x20); a.op(.add, .swap1)  // n q
        a.push(0)                                                       // i n q
        a.label("balanceNext")
        a.op(.dup2, .dup2, .lt, .isZero); a.push(label: "balancesDone"); a.op(.jumpI)
        a.op(.dup1); a.push(5); a.op(.shl); a.push(0xa0); a.op(.add, .callDataLoad, .balance)  // balance i n q
        a.op(.dup4, .mstore, .swap2); a.push(0x20); a.op(.add, .swap2); a.push(1); a.op(.add)  // i+1 n q+32
        a.push(label: "balanceNext"); a.op(.jump)
        a.label("balancesDone")
        a.op(.pop, .pop)                                                // q
        a.push(0x80); a.op(.dup2, .sub); a.push(0x80); a.op(.return)
        return a.assembled()
    }()

    /// Addresses watched at most, beyond which a review names no more balances.
    public static let watchLimit = 100

    /// The probe's calldata for `operation` (nil: read only) of `data` to `target` with `value`,
    /// reading the balances of `watched` (at most `watchLimit`).
    public static func calldata(target: Address, value: BigUInt, operation: SafeOperation?, data: [UInt8], watched: [Address] = []) -> [UInt8] {
        let op: BigUInt = switch operation {
        case .call?: 0
        case .delegateCall?: 1
        case .create?, nil: 2
        }
        let watch = Array(watched.prefix(watchLimit))
        let head = try! ABIEncoder.encode([.address, .uint(bits: 256), .uint(bits: 256), .uint(bits: 256), .uint(bits: 256)],
                                          [.address(target), .uint(value), .uint(op), .uint(BigUInt(data.count)), .uint(BigUInt(watch.count))])
        let addresses = try! ABIEncoder.encode(watch.map { _ in ABIType.address }, watch.map { ABIValue.address($0) })
        return head + addresses + data
    }
}
