/// Lets global options come before the command too: `bifrost --home H --json safe info S` runs as
/// `bifrost safe info S --home H --json`, the way cast and gh take them.
enum GlobalArguments {
    /// Global options that take a value.
    static let valued: Set<String> = ["--home", "--rpc-url", "--network", "--ledger"]
    /// Global options that are flags.
    static let flags: Set<String> = ["--json", "--quiet"]

    /// `arguments` with the global options found before the first command word moved after the
    /// command (before a `--`, if there is one). Anything else is left exactly where it was.
    static func hoisted(_ arguments: [String]) -> [String] {
        var leading = [String]()
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let word = arguments[index]
            let name = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
            if flags.contains(word) {
                leading.append(word)
                index += 1
            } else if valued.contains(name), word.contains("=") {
                leading.append(word)
                index += 1
            } else if valued.contains(word), index + 1 < arguments.endIndex {
                leading += [word, arguments[index + 1]]
                index += 2
            } else {
                break
            }
        }
        guard !leading.isEmpty, index < arguments.endIndex else { return arguments }
        var rest = Array(arguments[index...])
        let end = rest.firstIndex(of: "--") ?? rest.endIndex
        rest.insert(contentsOf: leading, at: end)
        return rest
    }
}
