import Foundation

/// A grammar of `bifrost`'s command line that generates argument vectors for every command, with
/// plausible and hostile values (see `FuzzValues`, `FuzzFixture`), then mutates some of them
/// (flags inserted, dropped, duplicated, values swapped for garbage, the command path garbled).
///
/// `sanitize` keeps the vectors safe to run in-process: every file the CLI may write lands in the
/// fixture's folder, no vector reads stdin or asks on /dev/tty, and every run uses the fixture's home
/// and a closed local port as its node.
struct FuzzGrammar {
    let fixture: FuzzFixture

    static let commands: [[String]] = [
        ["key", "new"], ["key", "import"], ["key", "list"], ["key", "derive"], ["key", "export"], ["key", "show-mnemonic"], ["key", "remove"],
        ["network", "add"], ["network", "list"], ["network", "use"], ["token", "add"], ["token", "list"], ["balance"], ["send"],
        ["tx", "sign"], ["tx", "decode"], ["tx", "status"], ["tx", "list"],
        ["sign", "message"], ["sign", "typed-data"], ["sign", "verify"], ["abi", "encode"], ["abi", "decode"],
        ["util", "keccak"], ["util", "checksum"], ["util", "to-wei"], ["util", "from-wei"],
        ["safe", "tx-hash"], ["safe", "propose"], ["safe", "sign"], ["safe", "approve"], ["safe", "import"], ["safe", "export"], ["safe", "export-batch"], ["safe", "execute"],
        ["safe", "queue"], ["safe", "history"], ["safe", "info"], ["safe", "add"], ["safe", "create"], ["safe", "list"],
        ["safe", "service", "propose"], ["safe", "service", "confirm"], ["safe", "service", "list"],
        ["safe", "message", "propose"], ["safe", "message", "sign"], ["safe", "message", "show"], ["safe", "message", "list"],
        ["safe", "message", "verify"], ["safe", "message", "export"], ["safe", "message", "import"],
        ["rates"], ["rates", "now"], ["rates", "history"], ["completion"],
    ]

    /// Every option any command takes, plus a few that none does, for random insertion.
    static let flags = [
        "--name", "--words", "--passphrase-file", "--password-file", "--mnemonic-file", "--private-key-file", "--keystore",
        "--keystore-password-file", "--index", "--mnemonic", "--count", "--path", "--out", "--new-password-file", "--yes", "--chain-id",
        "--deployments", "--hidden", "--key", "--token", "--to", "--value", "--amount", "--wait", "--timeout", "--nonce", "--gas-limit",
        "--gas-price", "--max-fee-per-gas", "--max-priority-fee-per-gas", "--data", "--access-list", "--private-key", "--hex", "--message",
        "--typed-data", "--signature", "--address", "--text", "--unit", "--safe", "--operation", "--safe-tx-gas", "--base-gas", "--gas-token",
        "--refund-receiver", "--safe-version", "--via", "--as", "--add-owner", "--remove-owner", "--swap-owner", "--with", "--change-threshold", "--threshold",
        "--batch", "--owners", "--salt", "--service-url", "--api-key-file", "--coins", "--fiat", "--rates-url", "--rates-api-key-file", "--days",
        "--json", "--home", "--rpc-url", "--network", "--nope", "-x", "-h", "--help", "--version", "--json=true", "--name=", "--value=-1ether",
    ]

    // MARK: values

    func pick(_ plausible: [String], _ r: inout FuzzRandom, hostile p: Double = 0.4) -> String {
        r.chance(p) ? r.pick(FuzzValues.hostile) : r.pick(plausible)
    }
    /// Integers and amounts are at the uint256 edge or negative a quarter of the time: that is where the crashers were.
    func int(_ r: inout FuzzRandom) -> String {
        r.chance(0.25) ? r.pick([FuzzValues.twoTo256, FuzzValues.twoTo256Minus1, FuzzValues.twoTo256Plus1, "-1", "1e400"]) : pick(FuzzValues.integers, &r)
    }
    func amount(_ r: inout FuzzRandom) -> String {
        r.chance(0.25) ? r.pick(["-1ether", "-0.5gwei", "-1", FuzzValues.twoTo256 + "wei", "1e400"]) : pick(FuzzValues.amounts, &r)
    }
    func address(_ r: inout FuzzRandom) -> String { pick(FuzzValues.addresses + [fixture.safe], &r) }
    func hex(_ r: inout FuzzRandom) -> String { pick(FuzzValues.hexes, &r) }
    func name(_ r: inout FuzzRandom) -> String { r.chance(0.4) ? "k\(r.int(0...60))" : pick(FuzzValues.names, &r, hostile: 0.2) }
    func knownKey(_ r: inout FuzzRandom) -> String { r.chance(0.6) ? r.pick(["owner0", "owner1"]) : name(&r) }
    func safe(_ r: inout FuzzRandom) -> String { r.chance(0.5) ? fixture.safe : address(&r) }
    func safeTxHash(_ r: inout FuzzRandom) -> String { r.chance(0.5) ? fixture.safeTxHash : pick(FuzzValues.hashes, &r) }
    func url(_ r: inout FuzzRandom) -> String { r.chance(0.7) ? FuzzValues.closedPort : r.pick(FuzzValues.urls) }
    func file(_ kind: FuzzFileKind, _ r: inout FuzzRandom) -> String {
        let list = fixture.files[kind] ?? []
        if r.chance(0.1) || list.isEmpty { return r.pick(fixture.oddPaths) }
        return r.chance(0.45) ? list[r.int(0...min(1, list.count - 1))] : r.pick(list)
    }
    /// A path for `--out`: fresh, already there, or not creatable; always inside the fixture.
    func outPath(_ r: inout FuzzRandom) -> String {
        switch r.int(0...5) {
        case 0: return fixture.files[.password]?.first ?? fixture.root.path
        case 1: return fixture.root.appendingPathComponent("missing-dir/out").path
        case 2: return fixture.root.path
        default: return fixture.root.appendingPathComponent("out-\(String(r.next(), radix: 36))").path
        }
    }

    /// How a signing command gets its key: vault key, key file, key as hex, or nothing at all.
    func signingKey(_ args: inout [String], _ r: inout FuzzRandom) {
        switch r.int(0...4) {
        case 0, 1: args += ["--key", knownKey(&r)]; if r.chance(0.3) { args += ["--password-file", file(.password, &r)] }
        case 2: args += ["--private-key-file", file(.privateKey, &r)]
        case 3: args += ["--private-key", pick(FuzzValues.devKeys + [FuzzValues.curveOrder, "0x" + FuzzValues.devKeys[0], "00"], &r)]
        default: break
        }
    }

    // MARK: commands

    /// The arguments after the command path, plausible enough to reach the command's own checks most of the time.
    func arguments(for path: [String], _ r: inout FuzzRandom) -> [String] {
        var a: [String] = []
        switch path.joined(separator: " ") {
        case "key new":
            if r.chance(0.95) { a += ["--name", name(&r)] }
            if r.chance(0.4) { a += ["--words", pick(["12", "15", "18", "21", "24", "13", "0", "11"], &r)] }
            if r.chance(0.2) { a += ["--passphrase-file", file(.password, &r)] }
            if r.chance(0.3) { a += ["--password-file", file(.password, &r)] }
        case "key import":
            if r.chance(0.95) { a += ["--name", name(&r)] }
            for _ in 0..<(r.chance(0.9) ? 1 : r.int(0...2)) {
                switch r.int(0...2) {
                case 0: a += ["--mnemonic-file", file(.mnemonic, &r)]; if r.chance(0.3) { a += ["--index", int(&r)] }
                case 1: a += ["--private-key-file", file(.privateKey, &r)]
                default: a += ["--keystore", file(.keystore, &r)]; if r.chance(0.6) { a += ["--keystore-password-file", file(.password, &r)] }
                }
            }
            if r.chance(0.1) { a += ["--passphrase-file", file(.password, &r)] }
            if r.chance(0.3) { a += ["--password-file", file(.password, &r)] }
        case "key derive":
            if r.chance(0.5) { a += ["--mnemonic-file", file(.mnemonic, &r)] } else { a += ["--mnemonic", pick([FuzzValues.devPhrase], &r)] }
            if r.chance(0.4) { a += ["--index", int(&r)] }
            if r.chance(0.4) { a += ["--count", pick(["1", "2", "5", "0", "1001", "2147483648"], &r)] }
            if r.chance(0.3) { a += ["--path", pick(["m/44'/60'/0'/0/0", "m/44h/60h/0h/0/7", "m", "m/", "m/2147483648'", "m/2147483648", "m/4294967296", "m/-1",
                                       "44/60", "M/44'/60'", "m/44''", "m/" + Array(repeating: "0", count: 300).joined(separator: "/")], &r)] }
            if r.chance(0.1) { a += ["--passphrase-file", file(.password, &r)] }
        case "key export":
            if r.chance(0.95) { a += ["--name", knownKey(&r)] }
            if r.chance(0.95) { a += ["--out", outPath(&r)] }
            if r.chance(0.3) { a += ["--new-password-file", file(.password, &r)] }
            if r.chance(0.3) { a += ["--password-file", file(.password, &r)] }
        case "key show-mnemonic":
            if r.chance(0.95) { a += ["--name", knownKey(&r)] }
            if r.chance(0.3) { a += ["--password-file", file(.password, &r)] }
        case "key remove":
            // The owners stay, so later vectors can still sign.
            let n = name(&r)
            if r.chance(0.95) { a += ["--name", n.hasPrefix("owner") ? "k" + n : n] }
            a.append("--yes")
        case "network add":
            a.append(pick(["devnet", "sepolia", "n\(r.int(0...9))"] + FuzzValues.names, &r, hostile: 0.3))
            if r.chance(0.7) { a += ["--chain-id", int(&r)] }
            if r.chance(0.3) { a += ["--deployments", file(.deployments, &r)] }
        case "network use": a.append(pick(["devnet", "sepolia", "n\(r.int(0...9))"], &r))
        case "token add":
            a.append(address(&r))
            if r.chance(0.3) { a.append("--hidden") }
        case "balance":
            if r.chance(0.5) { a.append(address(&r)) } else { a += ["--key", knownKey(&r)] }
            for _ in 0..<r.int(0...2) { a += ["--token", address(&r)] }
        case "send":
            a += ["--key", knownKey(&r), "--to", address(&r)]
            if r.chance(0.7) { a += ["--value", amount(&r)] } else { a += ["--token", address(&r), "--amount", amount(&r)] }
            if r.chance(0.2) { a.append("--wait") }
            if r.chance(0.2) { a += ["--timeout", int(&r)] }
            if r.chance(0.2) { a += ["--password-file", file(.password, &r)] }
        case "tx sign":
            if r.chance(0.9) { a += ["--chain-id", int(&r)] }
            if r.chance(0.9) { a += ["--nonce", int(&r)] }
            if r.chance(0.8) { a += ["--to", address(&r)] }
            if r.chance(0.7) { a += ["--value", amount(&r)] }
            if r.chance(0.9) { a += ["--gas-limit", int(&r)] }
            switch r.int(0...3) {
            case 0: a += ["--gas-price", amount(&r)]
            case 1: a += ["--max-fee-per-gas", amount(&r), "--max-priority-fee-per-gas", amount(&r)]
            case 2: a += ["--gas-price", amount(&r), "--max-fee-per-gas", amount(&r)]
            default: break
            }
            if r.chance(0.3) { a += ["--data", hex(&r)] }
            if r.chance(0.2) { a += ["--access-list", pick([#"[{"address":"0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266","storageKeys":["0x0000000000000000000000000000000000000000000000000000000000000001"]}]"#,
                                             "[]", #"[{"address":"0x12","storageKeys":[]}]"#, #"[{"address":"0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266","storageKeys":["0x01"]}]"#,
                                             #"{"address":1}"#, "[" + String(repeating: "[", count: 1000)], &r)] }
            signingKey(&a, &r)
        case "tx decode": a.append(hex(&r))
        case "tx status": a.append(pick(FuzzValues.hashes, &r))
        case "tx list": if r.chance(0.4) { a += ["--key", knownKey(&r)] }
        case "sign message":
            a.append(pick(["hi", "hello", "0xdeadbeef", "", String(repeating: "m", count: 10_000)], &r, hostile: 0.5))
            if r.chance(0.3) { a.append("--hex") }
            signingKey(&a, &r)
        case "sign typed-data":
            a.append(file(.typedData, &r))
            signingKey(&a, &r)
        case "sign verify":
            if r.chance(0.6) { a += ["--message", pick(["hi", "0xdeadbeef"], &r)] } else { a += ["--typed-data", file(.typedData, &r)] }
            if r.chance(0.2) { a.append("--hex") }
            if r.chance(0.9) { a += ["--signature", pick(["0x" + String(repeating: "11", count: 64) + "1b", "0x" + String(repeating: "11", count: 64) + "1c",
                                            "0x" + String(repeating: "ff", count: 65), "0x" + String(repeating: "00", count: 65),
                                            "0x" + String(repeating: "11", count: 64) + "00", "0x" + String(repeating: "11", count: 64) + "25"], &r)] }
            if r.chance(0.3) { a += ["--address", address(&r)] }
        case "abi encode":
            a.append(r.pick(FuzzValues.abiSignatures))
            for _ in 0..<r.int(0...3) { a.append(pick(FuzzValues.abiArguments, &r, hostile: 0.3)) }
        case "abi decode":
            a.append(r.pick(FuzzValues.abiSignatures))
            a.append(pick(FuzzValues.hexes + ["0x" + String(repeating: "0", count: 63) + "1", "0xa9059cbb" + String(repeating: "0", count: 128),
                                              "0x" + String(repeating: "0", count: 62) + "20" + String(repeating: "f", count: 64)], &r))
        case "util keccak":
            if r.chance(0.5) { a += ["--text", pick(["transfer(address,uint256)", ""], &r, hostile: 0.6)] }
            if r.chance(0.6) { a.append(hex(&r)) }
        case "util checksum": a.append(address(&r))
        case "util to-wei": a.append(amount(&r))
        case "util from-wei":
            a.append(int(&r))
            if r.chance(0.5) { a += ["--unit", pick(["wei", "kwei", "mwei", "gwei", "szabo", "finney", "ether", "eth", "GWEI", "tether"], &r)] }
        case "safe tx-hash":
            if r.chance(0.95) { a += ["--safe", safe(&r)] }
            if r.chance(0.95) { a += ["--chain-id", int(&r)] }
            if r.chance(0.95) { a += ["--nonce", int(&r)] }
            if r.chance(0.95) { a += ["--to", address(&r)] }
            if r.chance(0.95) { a += ["--value", amount(&r)] }
            if r.chance(0.3) { a += ["--data", hex(&r)] }
            if r.chance(0.3) { a += ["--operation", pick(["call", "delegatecall", "create", "0", "1"], &r)] }
            for flag in ["--safe-tx-gas", "--base-gas", "--gas-price"] { if r.chance(0.3) { a += [flag, int(&r)] } }
            for flag in ["--gas-token", "--refund-receiver"] { if r.chance(0.2) { a += [flag, address(&r)] } }
            if r.chance(0.4) { a += ["--safe-version", pick(["1.3.0", "1.4.1", "1.5.0", "1.0.0", "0.1.0", "1.1.1", "1.2.0", "9.9.9", "1.4.1+L2", "v1.4.1"], &r)] }
        case "safe propose":
            a.append(safe(&r))
            switch r.int(0...7) {
            case 0: a += ["--to", address(&r)]; if r.chance(0.8) { a += ["--value", amount(&r)] }; if r.chance(0.3) { a += ["--data", hex(&r)] }
                    if r.chance(0.2) { a += ["--operation", pick(["call", "delegatecall", "create"], &r)] }
            case 1: a += ["--token", address(&r), "--to", address(&r), "--amount", pick(["12.5", "1", "0", "-1", "1e400", FuzzValues.twoTo256], &r)]
            case 2: a += ["--add-owner", address(&r)]; if r.chance(0.5) { a += ["--threshold", int(&r)] }
            case 3: a += ["--remove-owner", address(&r)]; if r.chance(0.5) { a += ["--threshold", int(&r)] }
            case 4: a += ["--swap-owner", address(&r)]; if r.chance(0.8) { a += ["--with", address(&r)] }
            case 5: a += ["--change-threshold", int(&r)]
            case 6: a += ["--batch", file(.batch, &r)]
            default: a += ["--csv", file(r.pick([FuzzFileKind.batch, .password, .typedData]), &r)]
            }
            if r.chance(0.3) { a += ["--nonce", int(&r)] }
        case "safe sign", "safe execute":
            a.append(safeTxHash(&r))
            if r.chance(0.95) { a += ["--key", knownKey(&r)] }
            if r.chance(0.3) { a += ["--password-file", file(.password, &r)] }
            if path[1] == "execute" {
                if r.chance(0.2) { a.append("--wait") }
                if r.chance(0.2) { a += ["--timeout", int(&r)] }
            } else if r.chance(0.3) {
                a += ["--as", safe(&r)]
            }
        case "safe approve":
            a.append(safeTxHash(&r))
            if r.chance(0.8) { a += ["--key", knownKey(&r)] }
            if r.chance(0.4) { a += ["--via", safe(&r)] }
            if r.chance(0.3) { a += ["--password-file", file(.password, &r)] }
            if r.chance(0.2) { a.append("--wait") }
        case "safe import": a.append(file(.safeTransaction, &r))
        case "safe message propose":
            a.append(safe(&r))
            switch r.int(0...3) {
            case 0: a += ["--text", pick(["hello", "", "line\nbreak", "\u{1b}[31mred", String(repeating: "x", count: 5000)], &r)]
            case 1: a += ["--text-file", file(.password, &r)]
            case 2: a += ["--typed-data", file(.typedData, &r)]
            default: break
            }
            if r.chance(0.2) { a += ["--text", "again"] }
            if r.chance(0.5) { a += ["--key", knownKey(&r)] }
            if r.chance(0.3) { a += ["--password-file", file(.password, &r)] }
            if r.chance(0.2) { a += ["--service-url", url(&r)] }
        case "safe message sign":
            a.append(safeTxHash(&r))
            if r.chance(0.95) { a += ["--key", knownKey(&r)] }
            if r.chance(0.3) { a += ["--password-file", file(.password, &r)] }
            if r.chance(0.3) { a += ["--as", safe(&r)] }
            if r.chance(0.2) { a += ["--service-url", url(&r)] }
        case "safe message show", "safe message verify": a.append(safeTxHash(&r))
        case "safe message list":
            a.append(safe(&r))
            if r.chance(0.2) { a += ["--service-url", url(&r)] }
        case "safe message export":
            a.append(safeTxHash(&r))
            if r.chance(0.95) { a += ["--out", r.chance(0.5) ? "-" : outPath(&r)] }
        case "safe message import": a.append(file(r.pick([FuzzFileKind.safeTransaction, .typedData, .password]), &r))
        case "safe export-batch":
            a.append(safeTxHash(&r))
            if r.chance(0.95) { a += ["--out", r.chance(0.5) ? "-" : outPath(&r)] }
        case "safe export":
            a.append(safeTxHash(&r))
            if r.chance(0.95) { a += ["--out", r.chance(0.5) ? "-" : outPath(&r)] }
        case "safe queue", "safe history", "safe info": a.append(safe(&r))
        case "safe add":
            a.append(safe(&r))
            if r.chance(0.5) { a += ["--name", name(&r)] }
        case "safe create":
            if r.chance(0.95) { a += ["--key", knownKey(&r)] }
            if r.chance(0.95) { a += ["--owners", pick([FuzzValues.devAddresses.joined(separator: ","), FuzzValues.devAddresses[0], "", ",",
                                         FuzzValues.devAddresses[0] + "," + FuzzValues.devAddresses[0], "0x12,0x34",
                                         Array(repeating: FuzzValues.devAddresses[1], count: 500).joined(separator: ",")], &r)] }
            if r.chance(0.95) { a += ["--threshold", int(&r)] }
            if r.chance(0.3) { a += ["--salt", int(&r)] }
            if r.chance(0.3) { a += ["--safe-version", pick(["1.3.0", "1.4.1", "1.5.0", "v1.5.0", "1.2.0", "1.4.1+L2", ""], &r)] }
            if r.chance(0.2) { a += ["--name", name(&r)] }
            if r.chance(0.2) { a.append("--wait") }
        case "safe service propose", "safe service confirm":
            a.append(safeTxHash(&r))
            if r.chance(0.8) { a += ["--service-url", url(&r)] }
            if r.chance(0.2) { a += ["--api-key-file", file(.password, &r)] }
        case "safe service list":
            a.append(safe(&r))
            if r.chance(0.8) { a += ["--service-url", url(&r)] }
            if r.chance(0.2) { a += ["--api-key-file", file(.password, &r)] }
        case "rates", "rates now":
            if r.chance(0.5) { a += ["--coins", pick(FuzzValues.coins, &r)] }
            if r.chance(0.3) { a += ["--fiat", pick(["usd", "eur", "EUR", "", "x/y", "é"], &r)] }
            if r.chance(0.3) { a += ["--rates-url", url(&r)] }
            if r.chance(0.1) { a += ["--rates-api-key-file", file(.password, &r)] }
        case "rates history":
            a.append(pick(FuzzValues.coins, &r))
            if r.chance(0.5) { a += ["--days", pick(["1", "30", "3650", "3651", "0", "-1", "99999999999999999999"], &r)] }
            if r.chance(0.3) { a += ["--rates-url", url(&r)] }
        case "completion":
            a.append(pick(["bash", "zsh", "fish", "tcsh", ""], &r, hostile: 0.2))
        default: break  // key list, network list, token list, safe list: no arguments of their own.
        }
        return a
    }

    // MARK: vectors

    /// One vector, before `sanitize`.
    func vector(_ r: inout FuzzRandom) -> [String] {
        var path = r.pick(Self.commands)
        var args = arguments(for: path, &r)
        if r.chance(0.3) { args.append("--json") }
        // Mutations: each vector gets none, one or several.
        for _ in 0..<r.int(0...3) where r.chance(0.5) {
            switch r.int(0...7) {
            case 0, 1:
                let flag = r.pick(Self.flags)
                var insert = [flag]
                if r.chance(0.7) { insert.append(["--rpc-url", "--service-url", "--rates-url"].contains(flag) ? url(&r) : pick(FuzzValues.integers + FuzzValues.names, &r, hostile: 0.6)) }
                args.insert(contentsOf: insert, at: r.int(0...args.count))
            case 2: args.insert(r.pick(FuzzValues.hostile), at: r.int(0...args.count))
            case 3: if !args.isEmpty { args.remove(at: r.int(0...(args.count - 1))) }
            case 4: if !args.isEmpty { let i = r.int(0...(args.count - 1)); args.insert(contentsOf: args[i...min(i + 1, args.count - 1)], at: args.count) }
            case 5: if !args.isEmpty { args[r.int(0...(args.count - 1))] = r.pick(FuzzValues.hostile) }
            case 6: if args.count > 1 { args.swapAt(r.int(0...(args.count - 1)), r.int(0...(args.count - 1))) }
            default:
                // The command path itself: cut short, a sibling's name, or garbage.
                guard !path.isEmpty else { break }
                switch r.int(0...2) {
                case 0: path.removeLast()
                case 1: path[path.count - 1] = r.pick(Self.commands).last ?? "list"
                default: path[r.int(0...(path.count - 1))] = r.pick(FuzzValues.hostile)
                }
            }
        }
        // Global options may also lead, before the command.
        var lead: [String] = []
        if r.chance(0.15) {
            let network = name(&r)
            lead = r.pick([["--json"], ["--quiet"], ["--json", "--quiet"], ["--network", network], ["--home", "h"]])
        }
        return lead + path + args
    }

    /// Makes a vector safe to run in this process; see the type's documentation.
    func sanitize(_ raw: [String], outTag: String) -> [String] {
        var v = raw.map { $0.replacingOccurrences(of: "\u{0}", with: "") }
        var i = 0
        while i < v.count {
            let token = v[i]
            if token == "-", i == 0 || v[i - 1] != "--out" {
                v[i] = fixture.root.appendingPathComponent("missing").path  // stdin could block
            } else if token == "--out", i + 1 < v.count, v[i + 1] != "-", !v[i + 1].hasPrefix(fixture.root.path) || v[i + 1].contains("..") {
                v[i + 1] = fixture.root.appendingPathComponent("out-\(outTag)").path
            } else if token.hasPrefix("--out=") {
                v[i] = "--out=" + fixture.root.appendingPathComponent("out-\(outTag)").path
            } else if token == "--home", i + 1 < v.count {
                v[i + 1] = fixture.home
            } else if token.hasPrefix("--home=") {
                v[i] = "--home=" + fixture.home
            }
            i += 1
        }
        // The home and node go last so they win over any inserted copy, but before a `--` terminator;
        // so does --yes, without which `key remove` asks on /dev/tty.
        var globals = ["--home", fixture.home, "--rpc-url", FuzzValues.closedPort]
        if v.contains("remove"), !v.prefix(while: { $0 != "--" }).contains("--yes") { globals.append("--yes") }
        if let terminator = v.firstIndex(of: "--") { v.insert(contentsOf: globals, at: terminator) } else { v += globals }
        return v
    }
}
