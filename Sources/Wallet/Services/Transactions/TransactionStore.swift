import BigInt
import Foundation
import Networking
import Storage

/// Nonces, fees, gas, signing, broadcast, receipts, and the local history. A transaction is
/// recorded before it is broadcast and updated afterwards, so a crash loses nothing.
public struct TransactionStore: Sendable {
    let storage: TransactionStorage
    let keys: KeyStore
    let connector: ChainConnector
    let now: @Sendable () -> Date
    let pollInterval: Duration

    /// A store writing history to `storage`, signing with `keys`, reaching chains through `connector`.
    public init(storage: TransactionStorage, keys: KeyStore, connector: ChainConnector,
                now: @escaping @Sendable () -> Date = Date.init, pollInterval: Duration = .milliseconds(250)) {
        self.storage = storage
        self.keys = keys
        self.connector = connector
        self.now = now
        self.pollInterval = pollInterval
    }

    func send(_ s: SendTransaction) async throws -> SendResult {
        s.progress(.preparing)
        let account = try await keys.account(named: s.keyName)
        let chain = try await connector.connect(s.chain)
        let (to, value, data, token, tokenAmount) = try s.transfer.call
        let preflight = try await Preflight.read(chain: chain, from: account.address, to: to, value: value, data: data, token: token)
        let chainID = try chain.verify(chainID: preflight.chainID)
        if let token, let tokenAmount, preflight.tokenBalance.map({ $0 < tokenAmount }) ?? false {
            throw ChainError.insufficientTokenBalance(symbol: token.checksummed, have: String(preflight.tokenBalance ?? 0), need: String(tokenAmount))
        }
        // The value alone already too much: say so plainly, before the node's estimate fails on it.
        guard preflight.balance >= value else { throw ChainError.insufficientFunds(have: preflight.balance, need: value) }
        let gasLimit = FeeEstimator.gasLimit(estimate: try preflight.gasEstimate())
        let fees = preflight.fees
        let need = value + gasLimit * fees.maxPerGas
        guard preflight.balance >= need else { throw ChainError.insufficientFunds(have: preflight.balance, need: need) }

        var tx = Transaction(type: .legacy, chainID: chainID, nonce: preflight.nonce, gasLimit: gasLimit,
                             to: to, value: value, data: data)
        switch fees {
        case .dynamic(let maxFee, let tip):
            tx.type = .dynamicFee
            tx.maxFeePerGas = maxFee
            tx.maxPriorityFeePerGas = tip
        case .legacy(let price):
            tx.gasPrice = price
        }
        let signed = try await keys.signer(name: s.keyName, password: s.password).signTransaction(tx)
        var record = StoredTransaction(hash: signed.hash, chainID: chainID, from: account.address, to: s.transfer.recipient,
                                       value: value, nonce: preflight.nonce, raw: signed.raw, keyName: s.keyName,
                                       token: token, tokenAmount: tokenAmount, status: .signed, createdAt: now(), updatedAt: now())
        try await storage.save(record)
        s.progress(.signed(hash: signed.hash))
        do {
            _ = try await chain.remote.sendRawTransaction(signed.raw)
        } catch {
            record.status = .rejected
            record.error = String(describing: error)
            record.updatedAt = now()
            try await storage.save(record)
            throw error
        }
        record.status = .pending
        record.updatedAt = now()
        try await storage.save(record)
        s.progress(.broadcast(hash: signed.hash))
        guard s.wait else { return SendResult(transaction: record, receipt: nil) }
        let receipt = try await waitForReceipt(signed.hash, chain: chain, timeout: s.timeoutSeconds, progress: s.progress)
        record = applying(receipt, to: record)
        try await storage.save(record)
        s.progress(.mined(blockNumber: receipt.blockNumber))
        return SendResult(transaction: record, receipt: receipt)
    }

    func status(_ q: TransactionStatusQuery) async throws -> TransactionState {
        var local = try await storage.transaction(hash: q.hash)
        let chain: Chain
        do { chain = try await connector.connect(q.chain) } catch {
            guard local != nil else { throw error }
            return TransactionState(hash: q.hash, local: local, receipt: nil, known: false)
        }
        let r = EthereumRemote.Requests.self
        let (receipt, remote) = try await chain.remote.batch(r.transactionReceipt(hash: q.hash), r.transaction(hash: q.hash))
        let mined = try receipt.get()
        if let mined, let record = local, record.status != .success && record.status != .reverted {
            let updated = applying(mined, to: record)
            local = updated
            try await storage.save(updated)
        }
        let known = (try? remote.get()) != nil || mined != nil
        return TransactionState(hash: q.hash, local: local, receipt: mined, known: known)
    }

    private func waitForReceipt(_ hash: [UInt8], chain: Chain, timeout: Int,
                                progress: @Sendable (SendProgress) -> Void) async throws -> TransactionReceipt {
        let start = ContinuousClock.now
        var lastReported = -1
        while true {
            if let receipt = try await chain.remote.transactionReceipt(hash: hash) { return receipt }
            let elapsed = Int((ContinuousClock.now - start).components.seconds)
            if elapsed >= timeout { throw ChainError.timeout(hash: Hex.encode(hash), seconds: timeout) }
            if elapsed != lastReported {
                progress(.waiting(hash: hash, seconds: elapsed))
                lastReported = elapsed
            }
            try await Task.sleep(for: pollInterval)
        }
    }

    private func applying(_ receipt: TransactionReceipt, to record: StoredTransaction) -> StoredTransaction {
        var r = record
        r.status = receipt.status ? .success : .reverted
        r.blockNumber = receipt.blockNumber
        r.gasUsed = receipt.gasUsed
        r.effectiveGasPrice = receipt.effectiveGasPrice
        r.updatedAt = now()
        return r
    }
}

extension Transfer {
    /// The call this transfer makes: target, ether value, calldata, and the token details.
    var call: (to: Address, value: BigUInt, data: [UInt8], token: Address?, tokenAmount: BigUInt?) {
        get throws(ABIError) {
            switch self {
            case .ether(let to, let wei): return (to, wei, [], nil, nil)
            case .token(let token, let to, let amount): return (token, 0, try ERC20.transfer(to: to, amount: amount), token, amount)
            case .contractCall(let to, let value, let data): return (to, value, data, nil, nil)
            }
        }
    }

    /// Who receives the value.
    var recipient: Address {
        switch self {
        case .ether(let to, _), .token(_, let to, _), .contractCall(let to, _, _): return to
        }
    }
}
