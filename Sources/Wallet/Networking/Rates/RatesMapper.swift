import EthereumKit
import Foundation

/// Maps rates API answers, refusing another shape with a one-line reason and an impossible value
/// (`RateBounds`) with `ImplausibleRate`, so nothing unbelievable gets past the Networking layer.
enum RatesMapper {
    static func prices(_ json: JSONValue, coins: [String], fiat: String) throws -> [RemoteRate] {
        guard json.objectValue != nil else { throw NetworkError.invalidResponse("the rates API did not answer with a JSON object") }
        return try coins.map { coin in
            guard let entry = json[coin], let price = entry[fiat], case .number(let text) = price else {
                throw NetworkError.invalidResponse("the rates API has no \(fiat) price for '\(coin)'")
            }
            guard RateBounds.isPlausible(price: text) else { throw ImplausibleRate(coin: coin, fiat: fiat, field: .price, value: text) }
            // The update time is optional (the store uses the fetch time), but one that is given must be possible.
            var time: Date?
            if let stamp = entry["last_updated_at"]?.text, let seconds = Double(stamp) {
                time = try plausibleTime(seconds: seconds, text: stamp, coin: coin, fiat: fiat)
            }
            return RemoteRate(coin: coin, fiat: fiat, price: text, time: time)
        }
    }

    static func history(_ json: JSONValue, coin: String, fiat: String) throws -> RemotePriceHistory {
        guard let prices = json["prices"]?.arrayValue else { throw NetworkError.invalidResponse("the rates API's history has no \"prices\" array") }
        guard prices.count <= RateBounds.maximumHistoryPoints else {
            throw NetworkError.invalidResponse("the rates API's history has \(prices.count) points, more than any real history "
                                               + "(\(RateBounds.maximumHistoryPoints) at most)")
        }
        var points: [(time: Date, price: String)] = []
        for item in prices {
            guard let pair = item.arrayValue, pair.count == 2, let stamp = pair[0].text, let ms = Double(stamp),
                  case .number(let price) = pair[1] else {
                throw NetworkError.invalidResponse("the rates API's history holds an entry that is not [time, price]")
            }
            // One impossible point refuses the whole history: the rest of that answer is no more trustworthy.
            guard RateBounds.isPlausible(price: price) else { throw ImplausibleRate(coin: coin, fiat: fiat, field: .price, value: price) }
            points.append((try plausibleTime(seconds: ms / 1000, text: stamp, coin: coin, fiat: fiat), price))
        }
        return RemotePriceHistory(coin: coin, fiat: fiat, points: points.sorted { $0.time < $1.time })
    }

    private static func plausibleTime(seconds: Double, text: String, coin: String, fiat: String) throws(ImplausibleRate) -> Date {
        let time = Date(timeIntervalSince1970: seconds)
        guard RateBounds.isPlausible(time: time) else { throw ImplausibleRate(coin: coin, fiat: fiat, field: .time, value: text) }
        return time
    }
}
