@testable import BifrostCLI
import Foundation
import Testing

/// The chart draws whatever it is given: bad values are the data's problem, never a trap.
@Suite("Terminal chart with hostile input")
struct TerminalChartTests {
    static let first = Date(timeIntervalSince1970: 1_763_500_000)
    static let last = Date(timeIntervalSince1970: 1_763_600_000)

    func chart(_ values: [Double], width: Int = 60, height: Int = 10) -> String {
        TerminalChart.render(values: values, first: Self.first, last: Self.last, width: width, height: height, unit: "USD")
    }

    /// The drawing rows only (no axis, dates or legend), for a chart of `height` rows.
    func rows(_ text: String, height: Int) -> [String] {
        Array(text.split(separator: "\n", omittingEmptySubsequences: false).prefix(height).map(String.init))
    }

    @Test("no values, or none finite, is '(no data)'")
    func nothingToDraw() {
        // Given empty input, and input of NaN and infinities only, then there is nothing to draw
        #expect(chart([]) == "(no data)")
        #expect(chart([.nan, .infinity, -.infinity]) == "(no data)")
    }

    @Test("NaN and infinities among good values are left out: the chart is the one of the finite values")
    func nonFiniteDropped() {
        // Given 1e400 (infinity) and NaN among two prices
        let text = chart([3000, .infinity, 3100, .nan, -.infinity])
        // Then it draws exactly what the finite prices draw, and never prints inf or nan
        #expect(text == chart([3000, 3100]))
        #expect(!text.contains("inf") && !text.contains("nan"))
    }

    @Test("the extremes of Double, and averages that would overflow, draw without trapping")
    func hugeValues() {
        // Given the largest and smallest finite values in one series
        let text = chart([-.greatestFiniteMagnitude, 0, .greatestFiniteMagnitude], height: 4)
        // Then the lowest value sits on the floor, the highest fills its column, the middle is half way up
        #expect(rows(text, height: 4).map { String($0.suffix(3)) } == ["  █", " ▁█", " ██", "▁██"])
        #expect(text.hasSuffix("USD  low -1.80e+308  high 1.80e+308"))
        // And buckets whose sum overflows still average to a finite level
        let averaged = chart([1.7e308, 1.5e308, 1.0e308, 1.2e308], width: 2, height: 2)
        #expect(rows(averaged, height: 2).map { String($0.suffix(2)) } == ["▆ ", "█▃"])
        #expect(averaged.hasSuffix("USD  low 1.00e+308  high 1.70e+308"))
    }

    @Test("negative prices draw with their sign, magnitudes below 1 keep six decimals, and smaller ones an exponent")
    func negativeValues() {
        // Given a series crossing zero, and one of tiny fractions
        let crossing = chart([-5, 5], height: 2)
        let tiny = chart([0.000001, 0.000002], height: 2)
        // Then the axis and legend show them as numbers of the right size
        #expect(crossing.hasSuffix("USD  low -5.00  high 5.00"))
        #expect(rows(crossing, height: 2) == [" 5.00 ┤ █", "-5.00 ┤▁█"])
        #expect(tiny.hasSuffix("USD  low 0.000001  high 0.000002"))
        #expect(chart([1e-12, 2e-12]).hasSuffix("USD  low 1.00e-12  high 2.00e-12"))
    }

    @Test("a single point and equal values draw a flat half-height line")
    func flat() {
        // Given one point, and three equal points
        for values in [[3000.0], [3000, 3000, 3000]] {
            let text = chart(values, height: 4)
            // Then every column is filled to half height
            #expect(rows(text, height: 4).map { String($0.suffix(values.count)) }
                == [" ", " ", "█", "█"].map { String(repeating: $0, count: values.count) })
            #expect(text.hasSuffix("USD  low 3000  high 3000"))
        }
    }

    @Test("zero, negative and absurd sizes are clamped: at least one row and column, at most 1000")
    func sizes() {
        // Given sizes of zero, below zero, and Int.max
        for (width, height) in [(0, 0), (-1, -1), (Int.min, Int.min)] {
            let text = chart([1, 2, 3], width: width, height: height)
            // Then one row and one column are drawn, with axis, dates and legend
            #expect(text.split(separator: "\n").count == 4, "\(width)x\(height)")
            #expect(text.hasSuffix("USD  low 1.00  high 3.00"), "\(width)x\(height)")
        }
        let tall = chart([1, 2], width: .max, height: .max)
        #expect(tall.split(separator: "\n").count == 1_000 + 3)
    }

    @Test("dates that cannot be shown print as '?'")
    func badDates() {
        // Given an infinite and a NaN time
        let text = TerminalChart.render(values: [1, 2], first: Date(timeIntervalSince1970: .infinity),
                                        last: Date(timeIntervalSince1970: .nan), unit: "USD")
        // Then the date line shows '?' for both
        let dates = text.split(separator: "\n").dropLast().last.map(String.init) ?? ""
        #expect(dates.split(separator: " ") == ["?", "?"])
    }
}
