import BigInt
import EthereumKit

/// What a review places, by state override, at the address of a Safe older than 1.3.0, which has
/// no `simulateAndRevert`: a proxy like the Safe's own (every call runs the singleton in storage
/// slot 0, so the Safe's calls to itself, `changeMasterCopy` included, work as on chain) that,
/// called from `caller` alone, instead does what `simulateAndRevert` does: delegatecalls
/// `SafeStateProbe` with the calldata and reverts with `success ‖ length ‖ returndata`. The answer
/// then reads as a newer Safe's (`SafeProbeOutcome`).
public enum LegacySafeProbeHost {
    /// The sender of the probing `eth_call`: an address no one holds a key or code for.
    public static let caller = try! Address(bytes: Array(Keccak256.hash(Array("bifrost.legacy-safe-probe-caller".utf8)).suffix(20)))

    /// The host's runtime code.
    public static let code: [UInt8] = {
        var a = EVMAssembly()
        a.op(.caller); a.push(BigUInt(caller.bytes.reduce(BigUInt(0)) { $0 << 8 | BigUInt($1) })); a.op(.eq)
        a.push(label: "probe"); a.op(.jumpI)
        // The Safe's proxy: delegatecall the singleton in slot 0 with the calldata, pass its answer on.
        a.op(.callDataSize); a.push(0); a.push(0); a.op(.callDataCopy)
        a.push(0); a.push(0); a.op(.callDataSize); a.push(0); a.push(0); a.op(.sload, .gas, .delegateCall)  // success
        a.op(.returnDataSize); a.push(0); a.push(0); a.op(.returnDataCopy)
        a.push(label: "passOn"); a.op(.jumpI)
        a.op(.returnDataSize); a.push(0); a.op(.revert)
        a.label("passOn")
        a.op(.returnDataSize); a.push(0); a.op(.return)
        // simulateAndRevert(SafeStateProbe.address, calldata).
        a.label("probe")
        a.op(.callDataSize); a.push(0); a.push(0); a.op(.callDataCopy)
        a.push(0); a.push(0); a.op(.callDataSize); a.push(0)
        a.push(BigUInt(SafeStateProbe.address.bytes.reduce(BigUInt(0)) { $0 << 8 | BigUInt($1) }))
        a.op(.gas, .delegateCall)                                       // success
        a.push(0); a.op(.mstore)
        a.op(.returnDataSize); a.push(0x20); a.op(.mstore)
        a.op(.returnDataSize); a.push(0); a.push(0x40); a.op(.returnDataCopy)
        a.op(.returnDataSize); a.push(0x40); a.op(.add); a.push(0); a.op(.revert)
        return a.assembled()
    }()

    /// Whether a Safe of `version` needs the host to be probed.
    public static func needed(for version: SafeVersion) -> Bool { version < .v1_3_0 }
}
