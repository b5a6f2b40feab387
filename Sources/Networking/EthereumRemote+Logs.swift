import BigInt
import EthereumKit

extension EthereumRemote {
    /// `filter`'s logs between `from` and `to` in ranges the node accepts. Providers cap ranges and
    /// result sizes and word their refusals differently, so any refusal of a range wider than one
    /// block narrows it; successes widen it again, searching between the widest range that worked
    /// and the narrowest that was refused, never past the network's `maxLogRange`. Transport
    /// failures are not refusals and are thrown.
    public func logs(_ filter: LogFilter, from: BigUInt, to: BigUInt) async throws(NetworkError) -> [Log] {
        guard from <= to else { return [] }
        let cap = rpc.limits.maxLogRange.map { BigUInt(max($0, 1)) }
        var range = min(cap ?? (to - from + 1), to - from + 1)
        var worked = BigUInt(0)
        var refused: BigUInt? = cap.map { $0 + 1 }
        var start = from
        var logs: [Log] = []
        while start <= to {
            let end = min(start + range - 1, to)
            var chunk = filter
            chunk.fromBlock = .number(start)
            chunk.toBlock = .number(end)
            do {
                logs += try await send(Requests.logs(chunk))
                start = end + 1
                worked = max(worked, range)
                if let refused {
                    range = refused - worked > 1 ? (worked + refused) / 2 : worked
                } else {
                    range *= 2
                }
            } catch {
                guard end > start, error.isRefusal else { throw error }
                let tried = end - start + 1
                refused = min(refused ?? tried, tried)
                range = worked > 0 && worked < tried ? worked : max(tried / 2, 1)
            }
        }
        return logs
    }
}
