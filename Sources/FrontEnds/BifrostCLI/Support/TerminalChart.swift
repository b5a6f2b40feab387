import Foundation
import Services

/// Draws a series as an area chart with block characters, a price axis on the left and the first
/// and last dates below, for terminals that show UTF-8. Any input draws without trapping: values
/// that are not finite are left out, and every Double→Int conversion is of a number kept in range.
enum TerminalChart {
    static let blocks: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    /// Sizes are clamped to 1...1000 columns and rows: nothing wider or taller fits a terminal, and
    /// `height * 8` must not overflow.
    static let sizes = 1...1_000

    /// The chart of `values` (oldest first) over `width` columns and `height` rows.
    static func render(values: [Double], first: Date, last: Date, width: Int = 60, height: Int = 10, unit: String) -> String {
        // NaN and infinities have no place on an axis; the chart is the one of the finite values.
        let values = values.filter(\.isFinite)
        guard let low = values.min(), let high = values.max() else { return "(no data)" }
        let width = width.clamped(to: sizes), height = height.clamped(to: sizes)
        let columns = ChartPoints.resample(values, to: min(width, values.count))
        let span = high - low
        let levels = columns.map { v -> Int in span == 0 ? height * 4 : Int((fraction(v, low, high) * Double(height * 8 - 1)).rounded()) + 1 }
        let labels = (0..<height).map { row -> String in
            guard row == 0 || row == height - 1 || row == height / 2 else { return "" }
            return format(span.isFinite ? high - span * Double(row) / Double(max(height - 1, 1))
                                        : interpolate(low, high, Double(height - 1 - row) / Double(max(height - 1, 1))))
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

    /// Where `v` sits between `low` and `high`, in 0...1. When `high - low` overflows (values near
    /// ±Double.greatestFiniteMagnitude) both are halved first, which cannot overflow.
    static func fraction(_ v: Double, _ low: Double, _ high: Double) -> Double {
        let span = high - low
        let f = span.isFinite ? (v - low) / span : (v / 2 - low / 2) / (high / 2 - low / 2)
        return f.isNaN ? 0 : min(1, max(0, f))
    }

    /// The value `t` of the way from `low` to `high`, without computing `high - low`.
    static func interpolate(_ low: Double, _ high: Double, _ t: Double) -> Double {
        low * (1 - t) + high * t
    }

    /// A price for the axis: whole numbers from 1000, cents from 1, six decimals below, and an
    /// exponent where fixed digits would be endless (≥ 1e15) or show nothing (< 1e-6).
    static func format(_ value: Double) -> String {
        let size = abs(value)
        if size >= 1e15 || (size < 1e-6 && size > 0) || !size.isFinite { return String(format: "%.2e", value) }
        let digits = size >= 1000 ? 0 : size >= 1 ? 2 : 6
        return String(format: "%.\(digits)f", value)
    }

    /// The UTC day of `date`, or `?` for a time no calendar can show.
    static func day(_ date: Date) -> String {
        guard date.timeIntervalSince1970.isFinite else { return "?" }
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyy-MM-dd"
        let text = f.string(from: date)
        return text.isEmpty ? "?" : text
    }
}

extension Int {
    /// This number kept within `range`.
    fileprivate func clamped(to range: ClosedRange<Int>) -> Int {
        Swift.min(range.upperBound, Swift.max(range.lowerBound, self))
    }
}
