import EthereumKit
import Foundation
import GRDB

/// The `rate` row: the last price of a coin in a fiat currency.
struct RateRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "rate"
    enum Columns {
        static let coin = Column(CodingKeys.coin)
        static let fiat = Column(CodingKeys.fiat)
    }
    var coin: String
    var fiat: String
    var price: String
    var time: Date
}

/// The `rateHistory` row: a history as JSON `[[unix seconds, "price"], …]`.
struct RateHistoryRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "rateHistory"
    enum Columns {
        static let coin = Column(CodingKeys.coin)
        static let fiat = Column(CodingKeys.fiat)
        static let days = Column(CodingKeys.days)
    }
    var coin: String
    var fiat: String
    var days: Int
    var points: String
    var fetchedAt: Date
}

/// Caches rates and histories with their times.
public struct RateStorage: Sendable {
    let database: AppDatabase

    /// Rate storage over `database`.
    public init(database: AppDatabase) { self.database = database }

    /// Keeps `rates`, replacing older prices of the same pairs.
    public func save(_ rates: [CachedRate]) async throws(StorageError) {
        let records = rates.map { RateRecord(coin: $0.coin, fiat: $0.fiat, price: $0.price, time: $0.time) }
        try await database.write { db in for r in records { try r.save(db) } }
    }

    /// The cached price of `coin` in `fiat`; nil also for a row whose time cannot be read back (an
    /// older version stored an infinite time as an empty text), which is as good as no row.
    public func rate(coin: String, fiat: String) async throws(StorageError) -> CachedRate? {
        try await database.read { db in
            guard let row = try Row.fetchOne(db, RateRecord.filter(RateRecord.Columns.coin == coin && RateRecord.Columns.fiat == fiat)),
                  let price = String.fromDatabaseValue(row["price"]), let time = Date.fromDatabaseValue(row["time"]) else { return nil }
            return CachedRate(coin: coin, fiat: fiat, price: price, time: time)
        }
    }

    /// Keeps a history, replacing the older one for the same coin, fiat and days; refuses a time that
    /// whole seconds cannot hold (non-finite or beyond Int64) instead of trapping on it.
    public func save(_ history: CachedRateHistory) async throws(StorageError) {
        var items: [JSONValue] = []
        for point in history.points {
            guard let seconds = Int64(exactly: point.time.timeIntervalSince1970.rounded(.towardZero)) else {
                throw StorageError("a rate time of \(point.time.timeIntervalSince1970) s since 1970 cannot be cached")
            }
            items.append(.array([.number(String(seconds)), .string(point.price)]))
        }
        let points = JSONWriter.write(.array(items))
        let record = RateHistoryRecord(coin: history.coin, fiat: history.fiat, days: history.days, points: points, fetchedAt: history.fetchedAt)
        try await database.write { db in try record.save(db) }
    }

    /// The cached history of `coin` in `fiat` over `days` days.
    public func history(coin: String, fiat: String, days: Int) async throws(StorageError) -> CachedRateHistory? {
        // Read column by column, so that an unreadable fetch time is no history rather than an error.
        let columns = try await database.read { db -> (points: String, fetchedAt: Date)? in
            guard let row = try Row.fetchOne(db, RateHistoryRecord.filter(RateHistoryRecord.Columns.coin == coin && RateHistoryRecord.Columns.fiat == fiat && RateHistoryRecord.Columns.days == days)),
                  let points = String.fromDatabaseValue(row["points"]), let fetchedAt = Date.fromDatabaseValue(row["fetchedAt"]) else { return nil }
            return (points, fetchedAt)
        }
        guard let (text, fetchedAt) = columns, let items = (try? JSONParser.parse(text))?.arrayValue else { return nil }
        let points = items.compactMap { item -> CachedRate? in
            guard let pair = item.arrayValue, pair.count == 2, let t = pair[0].text.flatMap(Double.init), let p = pair[1].stringValue else { return nil }
            return CachedRate(coin: coin, fiat: fiat, price: p, time: Date(timeIntervalSince1970: t))
        }
        return CachedRateHistory(coin: coin, fiat: fiat, days: days, points: points, fetchedAt: fetchedAt)
    }
}
