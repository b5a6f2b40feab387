import BigInt
import Networking
import SafeKit

/// What one simulation batch read: the effect, the Safe before and after (when they could be
/// read) and the events.
struct SafeEffectReading {
    var effect: SafeEffect
    var before: SafeStateSnapshot?
    var after: SafeStateSnapshot?
    var events: SafeEmittedEvents

    /// Nothing could be read, for `why`.
    static func unavailable(_ why: String) -> SafeEffectReading {
        SafeEffectReading(effect: .unavailable(why), before: nil, after: nil, events: .unavailable(why))
    }
}

extension SafeRoom {
    /// The Safe before and after `tx`'s call, and the events its execution emits, in one round
    /// trip: two `eth_call`s through the Safe's `simulateAndRevert` into `SafeStateProbe`, placed
    /// by state override, and one `eth_simulateV1` of the Safe's real `execTransaction`
    /// (`SafeExecutionRun`). The execution's own bookkeeping (the nonce's increment, a refund) is
    /// not part of the call and not in the after-state; the events show it. ERC-20 balance changes
    /// come from the events' transfers.
    func effect(of tx: SafeTx, call: DecodedCall, chain: Chain, names: SafeContractNames, at block: BlockTag = .latest) async -> SafeEffectReading {
        await SafeEffectReading.read(tx, call: call, chain: chain, names: names, events: await eventDecoder(for: tx, names: names), at: block)
    }

    /// A decoder naming the Safe contracts and the tokens this home knows on the Safe's chain.
    func eventDecoder(for tx: SafeTx, names: SafeContractNames) async -> SafeEventDecoder {
        let known = if let chainID = tx.chainID { (try? await tokens.tokens(chainID: chainID)) ?? [] } else { [Token]() }
        var info: [Address: SafeEventDecoder.TokenInfo] = [:]
        for token in known { info[token.address] = (token.symbol, token.decimals) }
        return SafeEventDecoder(safe: tx.safe, names: names, tokens: info)
    }
}

extension SafeEffectReading {
    /// `SafeRoom.effect`'s reading, for a caller without a home (a co-signing server): the events
    /// are decoded by `decoder`; without one, the execution run is left out.
    static func read(_ tx: SafeTx, call: DecodedCall, chain: Chain, names: SafeContractNames, events decoder: SafeEventDecoder?,
                     at block: BlockTag = .latest) async -> SafeEffectReading {
        // A Safe before 1.3.0 has no simulateAndRevert: a host in its place plays that part (LegacySafeProbeHost).
        let legacy = LegacySafeProbeHost.needed(for: tx.version)
        // The call runs as execTransaction runs it, after the nonce moved past the transaction's
        // (SafeToL2Migration checks it); the after-state counts that move as no change.
        let executingNonce = tx.nonce + 1
        func overrides(_ operation: SafeOperation?) -> StateOverride {
            var placed: [Address: StateOverride.Account] = [SafeStateProbe.address: .init(code: SafeStateProbe.code)]
            let nonce: [BigUInt: BigUInt] = operation == nil ? [:] : [5: executingNonce]
            if legacy || operation != nil { placed[tx.safe] = .init(code: legacy ? LegacySafeProbeHost.code : nil, storage: nonce) }
            return StateOverride(placed)
        }
        // Everyone the call pays or calls, the target first, besides the Safe (whose balance is read anyway).
        var seen = Set<Address>()
        let watched = ([tx.to] + SafeRiskCheck.recipients(of: call)).filter { $0 != tx.safe && $0 != .zero && seen.insert($0).inserted }
        func request(_ operation: SafeOperation?) -> RPCRequest<[UInt8]> {
            let payload = SafeStateProbe.calldata(target: tx.to, value: tx.value, operation: operation, data: tx.data, watched: watched)
            let call = legacy ? CallRequest(from: LegacySafeProbeHost.caller, to: tx.safe, data: payload)
                : CallRequest(from: tx.safe, to: tx.safe, data: SafeSimulation.delegateCallProbe(target: SafeStateProbe.address, payload: payload))
            return EthereumRemote.Requests.call(call, at: block, overriding: overrides(operation))
        }
        guard tx.operation != .create else {
            return .unavailable("contract creation by a Safe (before 1.0.0) is not simulated")
        }
        var batch = RPCBatch()
        let probes = [batch.add(request(nil)), batch.add(request(tx.operation))]
        let run = decoder == nil ? nil : try? batch.add(executionRun(of: tx, at: block))
        let answers: RPCBatchAnswers
        do {
            answers = try await chain.remote.send(batch)
        } catch {
            return .unavailable(error.description)
        }
        let events = if let run, let decoder { emittedEvents(answers[run], decoder: decoder) }
            else { SafeEmittedEvents.unavailable(decoder == nil ? "not asked for" : "the transaction does not encode") }
        var reading = stateEffect(answers[probes[0]], answers[probes[1]], watched: watched, names: names, executingNonce: executingNonce)
        reading.events = events
        if case .changes(let changes) = reading.effect {
            reading.effect = .changes(SafeStateChange.mostSevereFirst(changes + (decoder?.tokenChanges(events.events) ?? [])))
        }
        return reading
    }

    /// The effect from the probe's two answers, and the Safe before and after.
    private static func stateEffect(_ first: Result<[UInt8], any Error>, _ second: Result<[UInt8], any Error>, watched: [Address],
                             names: SafeContractNames, executingNonce: BigUInt) -> SafeEffectReading {
        func outcome(_ answer: Result<[UInt8], any Error>) -> SafeProbeOutcome {
            switch answer {
            case .success: return .unreadable("the Safe did not revert from simulateAndRevert; it may be older than 1.3.0")
            case .failure(let error):
                guard let error = error as? NetworkError, let data = error.revertData else {
                    return .unreadable("the node refused the call with a state override: \(error)")
                }
                return SafeProbeOutcome(revertData: data)
            }
        }
        let first = outcome(first), second = outcome(second)
        let before: SafeStateSnapshot? = if case .state(let state) = first { state } else { nil }
        func reading(_ effect: SafeEffect, after: SafeStateSnapshot? = nil) -> SafeEffectReading {
            SafeEffectReading(effect: effect, before: before, after: after, events: .unavailable("not read"))
        }
        switch (first, second) {
        case (.state(let before), .state(var after)):
            if after.nonce == executingNonce { after.nonce = before.nonce }
            let changes = SafeStateChange.between(before, after, watched: Array(watched.prefix(SafeStateProbe.watchLimit)), name: names.name)
            return reading(.changes(changes), after: after)
        case (.state, .reverted(let why)):
            return reading(.reverted(SafeRevertCodes.describe(why)))
        case (.unreadable(let why), _), (_, .unreadable(let why)):
            return reading(.unavailable(why.contains("(0 bytes)") ? "the node ignored the state override (\(why))" : why))
        case (.reverted(let why), _):
            return .unavailable("reading the Safe failed: \(why)")
        }
    }

    /// `eth_simulateV1` of the Safe's `execTransaction` of `tx` by `SafeExecutionRun.executor`.
    private static func executionRun(of tx: SafeTx, at block: BlockTag) throws -> RPCRequest<[SimulatedCall]> {
        let overrides = StateOverride([tx.safe: .init(storage: try SafeExecutionRun.storage(for: tx))])
        let call = CallRequest(from: SafeExecutionRun.executor, to: tx.safe, data: try SafeExecutionRun.calldata(for: tx))
        return EthereumRemote.Requests.simulate([call], at: block, overriding: overrides)
    }

    /// The events of the execution run's answer, decoded.
    private static func emittedEvents(_ answer: Result<[SimulatedCall], any Error>, decoder: SafeEventDecoder) -> SafeEmittedEvents {
        switch answer {
        case .failure(let error):
            if case .rpc(-32601, _, _)? = error as? NetworkError { return .unavailable("the node does not serve eth_simulateV1") }
            return .unavailable(String(describing: error))
        case .success(let calls):
            guard let run = calls.first else { return .unavailable("eth_simulateV1 answered no call") }
            guard run.succeeded else { return .failed(SafeRevertCodes.describe(run.error.map(Self.revertReason) ?? "no reason given")) }
            return .events(run.logs.map { decoder.decode(contract: $0.address, topics: $0.topics, data: $0.data) })
        }
    }

    /// "GS013" from the node's "execution reverted: GS013".
    private static func revertReason(_ message: String) -> String {
        message.hasPrefix("execution reverted: ") ? String(message.dropFirst("execution reverted: ".count)) : message
    }

}
