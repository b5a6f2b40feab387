import EthereumKit
import Foundation
import GRDB

/// The `rate` row: the last price of a coin in a fiat currency.
struct RateRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "rate"
    var coin: String
    var fiat: String
    var price: String
    var time: Date
}

/// The `rateHistory` row: a history as JSON `[[unix seconds, "price"], …]`.
struct RateHistoryRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "rateHistory"
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
    public func save(_ rates: [CachedRate]) throws(StorageError) {
        let records = rates.map { RateRecord(coin: $0.coin, fiat: $0.fiat, price: $0.price, time: $0.time) }
        try database.write { db in for r in records { try r.save(db) } }
    }

    /// The cached price of `coin` in `fiat`.
    public func rate(coin: String, fiat: String) throws(StorageError) -> CachedRate? {
        try database.read { db in
            try RateRecord.filter(Column("coin") == coin && Column("fiat") == fiat).fetchOne(db)
                .map { CachedRate(coin: $0.coin, fiat: $0.fiat, price: $0.price, time: $0.time) }
        }
    }

    /// Keeps a history, replacing the older one for the same coin, fiat and days.
    public func save(_ history: CachedRateHistory) throws(StorageError) {
        let points = JSONWriter.write(.array(history.points.map {
            .array([.number(String(Int64($0.time.timeIntervalSince1970))), .string($0.price)])
        }))
        let record = RateHistoryRecord(coin: history.coin, fiat: history.fiat, days: history.days, points: points, fetchedAt: history.fetchedAt)
        try database.write { db in try record.save(db) }
    }

    /// The cached history of `coin` in `fiat` over `days` days.
    public func history(coin: String, fiat: String, days: Int) throws(StorageError) -> CachedRateHistory? {
        let record = try database.read { db in
            try RateHistoryRecord.filter(Column("coin") == coin && Column("fiat") == fiat && Column("days") == days).fetchOne(db)
        }
        guard let record, let items = (try? JSONParser.parse(record.points))?.arrayValue else { return nil }
        let points = items.compactMap { item -> CachedRate? in
            guard let pair = item.arrayValue, pair.count == 2, let t = pair[0].text.flatMap(Double.init), let p = pair[1].stringValue else { return nil }
            return CachedRate(coin: coin, fiat: fiat, price: p, time: Date(timeIntervalSince1970: t))
        }
        return CachedRateHistory(coin: coin, fiat: fiat, days: days, points: points, fetchedAt: record.fetchedAt)
    }
}
