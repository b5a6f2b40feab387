import BigInt
import EthereumKit

extension EthereumRemote {
    /// The first block at which `address` has code, searched up to `latest`: each round asks
    /// `probes` blocks in one batch and keeps the interval where the code appears, so a chain of
    /// 20 million blocks takes about 8 round trips. Nil when there is no code at `latest`. Needs
    /// state at old blocks; a node that pruned it fails, and the caller reads from block 0.
    public func creationBlock(of address: Address, latest: BigUInt, probes: Int = 8) async throws(NetworkError) -> BigUInt? {
        guard !(try await code(at: address, at: .number(latest))).isEmpty else { return nil }
        // Invariant: no code at `low - 1` (or low is 0), code at `high`.
        var low = BigUInt(0), high = latest
        while low < high {
            let step = max((high - low) / BigUInt(probes + 1), 1)
            var points: [BigUInt] = []
            var point = low + step - 1
            while point < high && points.count < probes {
                points.append(point)
                point += step
            }
            guard !points.isEmpty else { break }
            let answers = try await batch(points.map { Requests.code(at: address, at: .number($0)) })
            var newLow = low, newHigh = high
            for (block, answer) in zip(points, answers) {
                let hasCode: Bool
                do { hasCode = !(try answer.get()).isEmpty } catch let error as NetworkError { throw error } catch {
                    throw .invalidResponse("eth_getCode: \(error)")
                }
                if hasCode { newHigh = block; break }
                newLow = block + 1
            }
            if newLow == low && newHigh == high { break }
            low = newLow
            high = newHigh
        }
        return high
    }
}
