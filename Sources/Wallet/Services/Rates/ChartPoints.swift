/// How a price history becomes the points a chart draws, the same in every front end.
public enum ChartPoints {
    /// The most points any chart draws: more cannot be told apart at a chart's width, and each
    /// one costs the page or the terminal its size.
    public static let maximum = 400

    /// Averages `values` into `count` buckets (`values` unchanged when there are no more than `count`).
    public static func resample(_ values: [Double], to count: Int) -> [Double] {
        guard count > 0, values.count > count else { return values }
        return (0..<count).map { i in
            let start = i * values.count / count, end = max(start + 1, (i + 1) * values.count / count)
            let bucket = values[start..<end], n = Double(bucket.count)
            let mean = bucket.reduce(0, +) / n
            // A sum of huge values overflows; dividing each first cannot.
            return mean.isFinite ? mean : bucket.reduce(0) { $0 + $1 / n }
        }
    }

    /// `values` as a chart draws them: at most `maximum` points.
    public static func forChart(_ values: [Double]) -> [Double] { resample(values, to: maximum) }
}
