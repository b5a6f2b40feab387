import BigInt
import EthereumKit
import Foundation
import SafeKit

/// A contract's ABI as a person supplies it (`--abi`, the dashboard's ABI box): `ContractABI(json:)`,
/// and `ContractFunction(signature:)` on the same text. What reads writes a fragment that reads
/// back equal; every function's canonical form re-parses; sample arguments round-trip.
let contractABITarget = FuzzTarget(
    name: "contract-abi",
    summary: "ContractABI(json:) and ContractFunction(signature:); fragments re-read equal, calls round-trip",
    run: { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        var accepted = false
        if let abi = try? ContractABI(json: text) {
            accepted = true
            require((try? ContractABI(abi.json)) == abi, "the ABI's own JSON does not read back equal")
            for function in abi.functions.prefix(16) {
                require((try? FunctionSignature(function.canonical))?.canonical == function.canonical, "\(function.canonical) does not re-parse")
                require((try? abi.function(function.canonical)) != nil, "\(function.canonical) is not found by its own signature")
                check(function, variant: bytes.count)
            }
            _ = abi.writeFunctions
        }
        if let function = try? ContractFunction(signature: text) {
            accepted = true
            require(function.inputs.count == function.signature.inputs.count, "names and types differ in number")
            check(function, variant: bytes.count)
        }
        return accepted
    },
    seeds: { vectors in
        var seeds = [
            #"[{"type":"function","name":"stake","inputs":[{"name":"amount","type":"uint256"},{"name":"to","type":"address"}],"stateMutability":"payable"}]"#,
            #"{"abi":[{"type":"function","name":"place","inputs":[{"name":"o","type":"tuple","components":[{"name":"p","type":"uint256"},{"name":"m","type":"address"}]},{"name":"ids","type":"uint256[]"}]},{"type":"event","name":"E","inputs":[]}]}"#,
            #"{"status":"1","abi":"[{\"type\":\"function\",\"name\":\"f\",\"inputs\":[{\"name\":\"x\",\"type\":\"tuple[2][]\",\"components\":[{\"name\":\"a\",\"type\":\"bytes32\"}]}]}]"}"#,
            "stake(uint256 amount, address to)", "f((uint256,address)[] memory orders, bytes32)", "g()",
        ].map { Array($0.utf8) }
        for file in vectors.jsonFiles(in: "SafeKitTests/Vectors/TransactionBuilder") {
            // Each contractMethod is one function's ABI entry.
            for item in (try? JSONParser.parse(file))?["transactions"]?.arrayValue ?? [] {
                if let method = item["contractMethod"], method != .null { seeds.append(jsonBytes(.array([method]))) }
            }
        }
        return seeds
    }
)

/// Sample arguments for `function`, written as text the way `ABIValueFormatter` writes values, must
/// encode; what they encode to must decode to the same values.
private func check(_ function: ContractFunction, variant: Int) {
    var budget = 128
    guard let values = sampleValues(function.inputs.map(\.type), variant: variant, budget: &budget),
          let calldata = try? function.signature.encodeCall(values) else { return }
    let decoded = function.decodeCall(calldata)
    require(decoded?.map(\.value) == values, "\(function.canonical): sample arguments do not round-trip")
    _ = function.description
    _ = function.fragment
}

/// The spreadsheets people hand Bifrost: `TransferSheet(csv:)` (Safe's CSV Airdrop format and the
/// short form) and `AddressBookSheet(csv:)` (Safe{Wallet}'s address book). An address book that
/// reads writes CSV that reads back to the same rows, unless a name starts as a formula would
/// (those are written defused, with a leading `'`).
let sheetsTarget = FuzzTarget(
    name: "sheets",
    summary: "TransferSheet(csv:) and AddressBookSheet(csv:); an address book written reads back equal",
    run: { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        var accepted = false
        if let sheet = try? TransferSheet(csv: text) {
            accepted = true
            require(!sheet.rows.isEmpty && sheet.rows.count <= TransferSheet.maxRows, "a sheet of \(sheet.rows.count) rows was accepted")
        }
        if let book = try? AddressBookSheet(csv: text) {
            accepted = true
            let formula = book.rows.contains { $0.name.first.map { "=+-@".contains($0) } ?? false }
            if !formula {
                require((try? AddressBookSheet(csv: book.csv))?.rows == book.rows, "an address book does not read back to the same rows")
            }
        }
        return accepted
    },
    seeds: { _ in
        let a = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", b = "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc"
        return [
            "token_type,token_address,receiver,amount,id\r\nnative,,\(a),0.5,\r\nerc20,\(b),\(a),12.25,\r\n",
            "token,receiver,amount\n,\(a),1\n\(b),\(a),\"1.5\"\n", "\(a),1\n",
            "address,name,chainId\n\(a),\"Payroll, \"\"EU\"\"\",1\n\(b),Bob,\n", "chainId,name,address\n5,x,\(a)\n",
            "address,name,chainId\n\(a),=HYPERLINK(1),1\n",
        ].map { Array($0.utf8) }
    }
)
