import BigInt
import EthereumKit

extension EthereumRemote {
    /// `filter`'s logs between `from` and `to` in ranges the node accepts. Providers cap ranges and
    /// result sizes and word their refusals differently, so any refusal of a range wider than one
    /// block narrows it; successes widen it again, searching between the widest range that worked
    /// and the narrowest that was refused. With the network's `maxLogRange` known, the ranges go
    /// out together in batches instead. Transport failures are not refusals and are thrown.
    public func logs(_ filter: LogFilter, from: BigUInt, to: BigUInt) async throws(NetworkError) -> [Log] {
        guard from <= to else { return [] }
        if let known = rpc.limits.maxLogRange { return try await logs(filter, from: from, to: to, inRangesOf: BigUInt(max(known, 1))) }
        return try await adaptiveLogs(filter, from: from, to: to)
    }

    /// With the network's range cap known, every range is asked at once, in as few batches as the
    /// node takes; a range the node still refuses is read adaptively on its own.
    private func logs(_ filter: LogFilter, from: BigUInt, to: BigUInt, inRangesOf size: BigUInt) async throws(NetworkError) -> [Log] {
        var ranges: [(BigUInt, BigUInt)] = []
        var start = from
        while start <= to {
            ranges.append((start, min(start + size - 1, to)))
            start += size
        }
        let answers = try await batch(ranges.map { range in
            var chunk = filter
            chunk.fromBlock = .number(range.0)
            chunk.toBlock = .number(range.1)
            return Requests.logs(chunk)
        })
        var logs: [Log] = []
        for (range, answer) in zip(ranges, answers) {
            switch answer {
            case .success(let found): logs += found
            case .failure(let error as NetworkError) where error.isRefusal: logs += try await adaptiveLogs(filter, from: range.0, to: range.1)
            case .failure(let error as NetworkError): throw error
            case .failure(let error): throw .invalidResponse("eth_getLogs: \(error)")
            }
        }
        return logs
    }

    private func adaptiveLogs(_ filter: LogFilter, from: BigUInt, to: BigUInt) async throws(NetworkError) -> [Log] {
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
