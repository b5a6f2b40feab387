import EthereumKit
import Foundation

/// Comma-separated text as spreadsheets write it: a cell in double quotes may hold commas and
/// `""`. One reader for every sheet Bifrost takes and one writer for every sheet it gives.
public enum CSVText {
    /// The non-blank lines of `text`, numbered from 1 as an editor numbers them, split into cells.
    /// A leading byte order mark (Excel's "CSV UTF-8" writes one) is no part of the first cell.
    public static func lines(_ text: String) -> [(number: Int, cells: [String])] {
        let body = text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
        return body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated()
            .map { (number: $0.offset + 1, cells: cells(String($0.element))) }
            .filter { !$0.cells.allSatisfy(\.isEmpty) }
    }

    /// The cells of one line, trimmed.
    public static func cells(_ line: String) -> [String] {
        var cells: [String] = [], cell = "", quoted = false
        var chars = line.makeIterator()
        while let c = chars.next() {
            if quoted {
                if c == "\"" {
                    if let next = chars.next() {
                        if next == "\"" { cell.append("\"") } else { quoted = false; if next == "," { cells.append(cell); cell = "" } else { cell.append(next) } }
                    } else { quoted = false }
                } else { cell.append(c) }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                cells.append(cell)
                cell = ""
            } else {
                cell.append(c)
            }
        }
        cells.append(cell)
        return cells.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// One line of `cells`, quoted where a cell needs it, ending in CRLF as RFC 4180 asks. Each
    /// cell of a sheet for people shows as `UntrustedText.visible` shows text to a person (a NUL, a
    /// line feed or a bidi control as `[U+XXXX]`); a file another program reads back (`exact`, the
    /// address book in Safe{Wallet}'s format) keeps its text as it is, since a zero-width joiner
    /// belongs to a name in Persian or an emoji. Either way a cell a spreadsheet would run as a
    /// formula (`=`, `+`, `-`, `@` first) is written with a leading `'`, since names and other
    /// outside text reach accounting tools through these files.
    public static func line(_ cells: [String], exact: Bool = false) -> String {
        cells.map { cell -> String in
            var text = exact ? cell : UntrustedText.visible(cell)
            if let first = text.unicodeScalars.first, "=+-@".unicodeScalars.contains(first), !isNumber(text) { text = "'" + text }
            let needsQuotes = text.contains(where: { $0 == "," || $0 == "\"" }) || text != text.trimmingCharacters(in: .whitespaces)
            let escaped = text.replacingOccurrences(of: "\"", with: "\"\"")
            return needsQuotes ? "\"\(escaped)\"" : escaped
        }.joined(separator: ",") + "\r\n"
    }

    /// A plain number such as `-1.5`, which is data, not a formula.
    private static func isNumber(_ text: String) -> Bool {
        let body = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        return !body.isEmpty && body.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") } && body.filter { $0 == "." }.count <= 1
    }
}
