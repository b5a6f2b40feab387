import Foundation

/// Draws a series as an area chart with block characters, a price axis on the left and the first
/// and last dates below, for terminals that show UTF-8.
enum TerminalChart {
    static let blocks: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The chart of `values` (oldest first) over `width` columns and `height` rows.
    static func render(values: [Double], first: Date, last: Date, width: Int = 60, height: Int = 10, unit: String) -> String {
        guard let low = values.min(), let high = values.max(), !values.isEmpty else { return "(no data)" }
        let columns = resample(values, to: max(1, min(width, values.count)))
        let span = high - low
        let levels = columns.map { v -> Int in span == 0 ? height * 4 : Int(((v - low) / span * Double(height * 8 - 1)).rounded()) + 1 }
        let labels = (0..<height).map { row -> String in
            let value = high - span * Double(row) / Double(max(height - 1, 1))
            return row == 0 || row == height - 1 || row == height / 2 ? format(value) : ""
        }
        let labelWidth = labels.map(\.count).max() ?? 0
        var lines: [String] = []
        for row in 0..<height {
            let floor = (height - 1 - row) * 8
            let cells = levels.map { level -> Character in blocks[min(8, max(0, level - floor))] }
            lines.append(String(repeating: " ", count: labelWidth - labels[row].count) + labels[row] + " ┤" + String(cells))
        }
        lines.append(String(repeating: " ", count: labelWidth) + " └" + String(repeating: "─", count: columns.count))
        let start = day(first), end = day(last)
        let gap = max(1, columns.count - start.count - end.count)
        lines.append(String(repeating: " ", count: labelWidth + 2) + start + String(repeating: " ", count: gap) + end)
        lines.append(String(repeating: " ", count: labelWidth + 2) + "\(unit)  low \(format(low))  high \(format(high))")
        return lines.joined(separator: "\n")
    }

    /// Averages `values` into `count` buckets.
    static func resample(_ values: [Double], to count: Int) -> [Double] {
        guard values.count > count else { return values }
        return (0..<count).map { i in
            let start = i * values.count / count, end = max(start + 1, (i + 1) * values.count / count)
            let bucket = values[start..<end]
            return bucket.reduce(0, +) / Double(bucket.count)
        }
    }

    static func format(_ value: Double) -> String {
        let digits = value >= 1000 ? 0 : value >= 1 ? 2 : 6
        return String(format: "%.\(digits)f", value)
    }

    static func day(_ date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyy-MM-dd"
        return f.string(from: date)
    }
}
