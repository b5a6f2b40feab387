import EthereumKit
import Foundation
import SafeKit

/// A batch as `safe propose --batch` and the dashboard read it: Safe{Wallet}'s Transaction Builder
/// files (checksum, contractMethod encoding, tuples by position or by component name) or Bifrost's
/// own calls. A builder file that reads reads back equal from its own text, reads to the same calls
/// whatever the order of its objects' keys, and is written again by Bifrost with the same calls,
/// which read back to them.
let builderFileTarget = FuzzTarget(
    name: "builder-file",
    summary: "BatchInput (Transaction Builder files and call lists); re-reads equal, key order never matters, Bifrost's own file reads back",
    run: { bytes in
        guard let batch = try? BatchInput(String(decoding: bytes, as: UTF8.self)) else { return false }
        guard case .builderFile(let file) = batch else { return true }
        _ = TransactionBuilderFile.checksumHolds(file.json)
        _ = file.functions
        let reread = (try? JSONParser.parse(file.text)).flatMap { try? TransactionBuilderFile(json: $0) }
        require(reread == file, "a builder file does not read back equal from its own text")
        // Tuples are read by name and the checksum sorts keys: the order of keys changes nothing.
        let reversed = try? TransactionBuilderFile(json: reversingMembers(file.json))
        require(reversed?.calls == file.calls && reversed?.chainID == file.chainID, "a builder file reads otherwise with its objects' keys reversed")
        let calls = file.calls.filter { $0.operation == .call }
        guard calls.count == file.calls.count, !calls.isEmpty,
              let written = try? TransactionBuilderFile(calls: calls, safe: Address.zero, chainID: file.chainID, name: file.name ?? "batch",
                                                        createdAt: Date(timeIntervalSince1970: 1_764_000_000)) else { return true }
        let again = try? TransactionBuilderFile(json: written.json)
        require(again?.calls == calls && again?.chainID == file.chainID, "a builder file Bifrost wrote does not read back to its calls")
        return true
    },
    seeds: { vectors in
        var seeds = vectors.jsonFiles(in: "SafeKitTests/Vectors/TransactionBuilder")
        seeds.append(Array(#"[{"to":"0x70997970C51812dc3A010C7d01b50e0d17dc79C8","value":"1000","data":"0x","operation":"call"}]"#.utf8))
        seeds.append(Array("0x70997970C51812dc3A010C7d01b50e0d17dc79C8 0.1ether\n".utf8))
        seeds += builderMethodSeeds().map { Array($0.utf8) }
        return seeds
    }
)

/// `value` with the members of every object, at every depth, in reverse order.
private func reversingMembers(_ value: JSONValue) -> JSONValue {
    switch value {
    case .object(let members): return .object(members.reversed().map { (key: $0.key, value: reversingMembers($0.value)) })
    case .array(let items): return .array(items.map(reversingMembers))
    default: return value
    }
}

/// Builder files whose contractMethod takes tuples, given by component name (in another order than
/// the components'), by position, as JSON text and as JSON; nested tuples, tuple arrays, a fixed
/// array, unnamed components keyed by position, and the near misses: a missing and an unknown key.
private func builderMethodSeeds() -> [String] {
    let router = "0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6", carol = "0x90F79bf6EB2c4f870365E785982E1f101E93b906"
    let tag = "0x" + String(repeating: "ab", count: 32)
    let method = #"{"name":"fill","payable":false,"inputs":[{"name":"order","type":"tuple","components":[{"name":"recipient","type":"address"},{"name":"minOut","type":"uint128"},{"name":"expiry","type":"uint64"}]},{"name":"legs","type":"tuple[]","components":[{"name":"id","type":"uint256"},{"name":"rule","type":"tuple","components":[{"name":"tag","type":"bytes32"},{"name":"strict","type":"bool"}]}]},{"name":"pair","type":"tuple[2]","components":[{"name":"","type":"int8"},{"name":"","type":"string"}]},{"name":"","type":"bytes"}]}"#
    func file(_ values: String) -> String {
        #"{"version":"1.0","chainId":"11155111","createdAt":1764000000000,"meta":{"name":"Fill","description":"","txBuilderVersion":"1.18.0","createdFromSafeAddress":"0x604588Cb33f38845Bb89Fb148d31b3aF0588cD0a","createdFromOwnerAddress":""},"transactions":[{"to":"\#(router)","value":"0","data":null,"contractMethod":\#(method),"contractInputsValues":\#(values)}]}"#
    }
    let pair = #"[{"1":"two","0":"-2"},["3","three"]]"#
    return [
        file(#"{"order":{"expiry":"1750000000","minOut":"900","recipient":"\#(carol)"},"legs":[{"rule":{"strict":true,"tag":"\#(tag)"},"id":"7"},["8",["\#(tag)",false]]],"pair":\#(pair),"3":"0xbeef"}"#),
        file(#"{"order":"[\"\#(carol)\",\"1\",\"2\"]","legs":"[]","pair":"[[\"1\",\"a\"],[\"2\",\"b\"]]","3":"0x"}"#),
        file(#"{"order":"{\"minOut\":\"5\",\"expiry\":\"6\",\"recipient\":\"\#(carol)\"}","legs":[],"pair":\#(pair),"3":"0x00"}"#),
        file(#"{"order":{"recipient":"\#(carol)","expiry":"1"},"legs":[],"pair":\#(pair),"3":"0x"}"#),
        file(#"{"order":{"recipient":"\#(carol)","minOut":"1","expiry":"2","slippage":"3"},"legs":[],"pair":\#(pair),"3":"0x"}"#),
    ]
}
