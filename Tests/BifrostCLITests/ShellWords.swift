/// Reads a line of shell as far as the docs' examples need: the words of each simple command,
/// without running anything. Quotes and backslashes are taken off, `$(…)` stays inside its word,
/// `;`, `&&`, `||`, `|` and `&` separate commands, a redirection is dropped with its target, and
/// leading `NAME=value` assignments are dropped. A word written `<like-this>` is a placeholder,
/// not a redirection.
enum ShellWords {
    /// `line` without its comment: from a `#` that starts a word, outside quotes, to the end.
    static func code(of line: String) -> String {
        let chars = Array(line)
        var i = 0
        var inWord = false
        while i < chars.count {
            switch chars[i] {
            case " ", "\t": inWord = false; i += 1
            case "#" where !inWord: return String(chars[..<i])
            case "'": inWord = true; i = (chars[(i + 1)...].firstIndex(of: "'") ?? chars.count - 1) + 1
            case "\"": inWord = true; i = endOfDoubleQuotes(chars, from: i)
            case "\\": inWord = true; i += 2
            case "$" where i + 1 < chars.count && chars[i + 1] == "(": inWord = true; i = afterClosingParen(chars, from: i + 1)
            default: inWord = true; i += 1
            }
        }
        return line
    }

    /// The words of each simple command in `code` (a line without its comment).
    static func commands(in code: String) -> [[String]] {
        let chars = Array(code)
        var commands: [[String]] = []
        var words: [String] = []
        var word = ""
        var inWord = false
        var dropNextWord = false
        func endWord() {
            if inWord { if dropNextWord { dropNextWord = false } else { words.append(word) } }
            word = ""
            inWord = false
        }
        func endCommand() {
            endWord()
            if !words.isEmpty { commands.append(words) }
            words = []
        }
        var i = 0
        while i < chars.count {
            let c = chars[i]
            switch c {
            case " ", "\t":
                endWord()
                i += 1
            case "'":
                inWord = true
                let close = chars[(i + 1)...].firstIndex(of: "'") ?? chars.count
                word += String(chars[(i + 1)..<close])
                i = close + 1
            case "\"":
                inWord = true
                let end = endOfDoubleQuotes(chars, from: i)
                word += unescaped(chars[(i + 1)..<max(i + 1, end - 1)])
                i = end
            case "\\":
                inWord = true
                if i + 1 < chars.count { word.append(chars[i + 1]) }
                i += 2
            case "$" where i + 1 < chars.count && chars[i + 1] == "(":
                inWord = true
                let end = afterClosingParen(chars, from: i + 1)
                word += String(chars[i..<end])
                i = end
            case "<" where !inWord && placeholderEnd(chars, from: i) != nil:
                inWord = true
                let end = placeholderEnd(chars, from: i) ?? i + 1
                word += String(chars[i..<end])
                i = end
            case "<", ">":
                // `2>`: the digits name a file descriptor, not an argument.
                if inWord, !word.isEmpty, word.allSatisfy(\.isNumber) { word = ""; inWord = false }
                endWord()
                i += 1
                while i < chars.count, ["<", ">", "&"].contains(chars[i]) { i += 1 }
                dropNextWord = true
            case "&" where i + 1 < chars.count && chars[i + 1] == ">":
                endWord()
                i += 2
                while i < chars.count, chars[i] == ">" { i += 1 }
                dropNextWord = true
            case ";", "|", "&":
                endCommand()
                i += 1
                if i < chars.count, chars[i] == c { i += 1 }
            default:
                inWord = true
                word.append(c)
                i += 1
            }
        }
        endCommand()
        return commands.map(withoutAssignments).filter { !$0.isEmpty }
    }

    /// `words` without the `NAME=value` assignments that lead them.
    static func withoutAssignments(_ words: [String]) -> [String] {
        Array(words.drop { word in
            guard let equals = word.firstIndex(of: "="), let first = word.first, first == "_" || first.isLetter else { return false }
            return word[..<equals].allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
        })
    }

    /// The index after the `"` that closes the one at `start`.
    private static func endOfDoubleQuotes(_ chars: [Character], from start: Int) -> Int {
        var i = start + 1
        while i < chars.count, chars[i] != "\"" {
            if chars[i] == "\\" { i += 2 } else if chars[i] == "$", i + 1 < chars.count, chars[i + 1] == "(" {
                i = afterClosingParen(chars, from: i + 1)
            } else { i += 1 }
        }
        return min(i + 1, chars.count)
    }

    /// The index after the `)` that closes the `(` at `open`, quotes inside skipped.
    private static func afterClosingParen(_ chars: [Character], from open: Int) -> Int {
        var depth = 0
        var i = open
        while i < chars.count {
            switch chars[i] {
            case "(": depth += 1
            case ")": depth -= 1; if depth == 0 { return i + 1 }
            case "'": i = chars[(i + 1)...].firstIndex(of: "'") ?? chars.count
            case "\"": i = endOfDoubleQuotes(chars, from: i) - 1
            default: break
            }
            i += 1
        }
        return chars.count
    }

    /// The index after a placeholder such as `<file>` starting at `start`, or nil for a redirection.
    private static func placeholderEnd(_ chars: [Character], from start: Int) -> Int? {
        var i = start + 1
        while i < chars.count, !" \t<>".contains(chars[i]) { i += 1 }
        guard i > start + 1, i < chars.count, chars[i] == ">" else { return nil }
        return i + 1
    }

    /// The text inside double quotes with its backslash escapes taken off.
    private static func unescaped(_ chars: ArraySlice<Character>) -> String {
        var text = ""
        var escaped = false
        for c in chars {
            if escaped || c != "\\" { text.append(c); escaped = false } else { escaped = true }
        }
        return text
    }
}
