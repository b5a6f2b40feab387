import BigInt
import Foundation
@testable import Services
import Testing

/// The JSON of every view type, byte for byte: scripts read these names and this order, so a
/// change here is a change to a public interface.
@Suite("View types: the JSON the command line prints")
struct ViewJSONTests {
    static let owner = try! Address("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")
    static let safeAddress = try! Address("0x6925C5e9AE423ce8c96DAb7cB4030f1e12bF4899")
    static let token = try! Address("0x5FbDB2315678afecb367f032d93F642f64180aa3")
    static let time = Date(timeIntervalSince1970: 1_763_700_000)

    static let safe = Safe(chainID: 31337, address: safeAddress, name: nil, version: "1.4.1", owners: [owner], threshold: 1,
                           nonce: 7, modules: [], fallbackHandler: .zero, guardAddress: .zero, updatedAt: time)
    static let state = SafeState(safe: safe, balance: EtherAmount(wei: BigUInt(15) * BigUInt(10).power(17)),
                                 tokens: [TokenBalance(token: token, symbol: "TT", decimals: 2, raw: 1234)])
    static let rate = Rate(coin: "ethereum", fiat: "usd", price: "3000", time: time, stale: true)

    static func json(_ view: some Encodable) throws -> String { JSONWriter.write(try JSONValueEncoder().encode(view)) }

    /// `view` survives JSON and back unchanged.
    static func roundTrips<V: Codable & Equatable>(_ view: V) throws -> Bool {
        try JSONValueDecoder().decode(V.self, from: JSONValueEncoder().encode(view)) == view
    }

    @Test("a Safe (safe info), with and without its fiat value")
    func safeView() throws {
        let fiat = try #require(FiatValueView(ether: "1.5", rate: Self.rate))
        #expect(try Self.json(SafeView(Self.state, fiat: fiat)) == #"{"address":"0x6925C5e9AE423ce8c96DAb7cB4030f1e12bF4899","name":null,"chainId":"31337","version":"1.4.1","owners":["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"],"contractOwners":[],"threshold":1,"nonce":7,"balance":{"wei":"1500000000000000000","ether":"1.5"},"fiat":{"currency":"usd","value":"4500","rate":"3000","time":"2025-11-21T04:40:00Z","stale":true},"tokens":[{"address":"0x5FbDB2315678afecb367f032d93F642f64180aa3","symbol":"TT","decimals":2,"balance":"12.34","raw":"1234"}],"modules":[],"fallbackHandler":"0x0000000000000000000000000000000000000000","guard":"0x0000000000000000000000000000000000000000","singleton":null,"risks":[],"deployed":true}"#)
        #expect(try Self.json(SafeView(Self.state)).contains(#""fiat":null,"tokens""#))
        #expect(try Self.roundTrips(SafeView(Self.state, fiat: fiat)))
    }

    @Test("a reviewed transaction (safe review): the decoded batch, its warnings and the simulation")
    func reviewView() throws {
        let batch = try MultiSend.multiSendCall([MultiSendCall(to: Self.owner, value: 5),
                                                 MultiSendCall(operation: .delegateCall, to: Self.token, data: try ERC20.transfer(to: Self.owner, amount: 2))])
        let tx = SafeTx(safe: Self.safeAddress, chainID: 31337, version: .v1_4_1, to: SafeDeployments.multiSend, data: batch, operation: .delegateCall, nonce: 7)
        let entry = SafeTransactionEntry(transaction: tx, safeTxHash: [UInt8](repeating: 0xab, count: 32), signatures: [], status: .queued,
                                         executionHash: nil, summary: "batch", createdAt: Self.time, updatedAt: Self.time)
        let view = SafeReviewView(SafeTransactionReview(call: CallDecoder().decode(tx), simulation: .reverts("GS013"), effect: .reverted("GS013"),
                                                          events: .failed("GS013")),
                                  entry: entry)
        let warning = "delegatecall to 0x5FbDB2315678afecb367f032d93F642f64180aa3, which is not a known MultiSend, SignMessageLib or SafeMigration contract: its code runs as your Safe and can change owners, modules and funds"
        #expect(try Self.json(view) == #"{"safeTxHash":"0xabababababababababababababababababababababababababababababababab","summary":"batch","call":{"operation":"delegatecall","to":"0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526","value":"0","function":"multiSend","arguments":[],"calls":[{"operation":"call","to":"0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266","value":"5","function":null,"arguments":[],"calls":[],"warnings":[]},{"operation":"delegatecall","to":"0x5FbDB2315678afecb367f032d93F642f64180aa3","value":"0","function":"transfer","arguments":[{"name":"to","type":"address","value":"0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"},{"name":"value","type":"uint256","value":"2"}],"calls":[],"warnings":[""# + warning + #""]}],"warnings":[]},"warnings":["call 2: "# + warning + #""],"simulation":"reverts","simulationReason":"GS013","effect":{"outcome":"reverts","summary":"the call fails, so nothing changes: GS013","changes":[]},"events":{"outcome":"fails","summary":"the execution fails, so it emits nothing: GS013","events":[]},"risks":[]}"#)
        #expect(try Self.roundTrips(view))
    }

    @Test("a followed Safe in a list (safe list)")
    func safeSummary() throws {
        #expect(try Self.json(SafeSummaryView(Self.safe)) == #"{"address":"0x6925C5e9AE423ce8c96DAb7cB4030f1e12bF4899","name":null,"chainId":"31337","version":"1.4.1","threshold":1,"owners":1,"nonce":7,"deployed":true}"#)
    }

    @Test("a stored Safe transaction (safe queue), the threshold only where it was read")
    func safeTransaction() throws {
        let tx = SafeTx(safe: Self.safeAddress, chainID: 31337, version: .v1_4_1, to: Self.owner, value: 5, nonce: 7)
        let hash = try tx.hash()
        let entry = SafeTransactionEntry(transaction: tx, safeTxHash: hash, signatures: [], status: .queued, executionHash: nil,
                                         summary: "send", createdAt: Self.time, updatedAt: Self.time)
        let h = Hex.encode(hash)
        #expect(try Self.json(SafeTransactionView(entry, count: ConfirmationSet().accepting(owners: [Self.owner]).count(threshold: 2))) == #"{"safeTxHash":"\#(h)","safe":"0x6925C5e9AE423ce8c96DAb7cB4030f1e12bF4899","nonce":7,"summary":"send","status":"queued","to":"0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266","value":"5","data":"0x","operation":"call","confirmations":0,"threshold":2,"ready":false,"signers":[],"missing":["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"],"executionHash":null,"waitsForNonce":null}"#)
        #expect(try !Self.json(SafeTransactionView(entry)).contains("threshold"))
        #expect(SafeTransactionView(entry, count: ConfirmationSet().accepting(owners: [Self.owner]).count(threshold: 2)).standing == "0 of 2 confirmed")
        #expect(SafeTransactionView(entry).standing == "0 signed")
        #expect(SafeTransactionView(entry.with(status: .executed, updatedAt: Self.time)).standing == "executed")
        #expect(try Self.roundTrips(SafeTransactionView(entry, count: ConfirmationSet().accepting(owners: [Self.owner]).count(threshold: 2))))
        #expect(try Self.roundTrips(SafeTransactionView(entry)))
    }

    @Test("keys: listed, created (with the phrase) and imported")
    func accounts() throws {
        let derived = Account(name: "alice", address: Self.owner, kind: .mnemonic, derivationPath: "m/44'/60'/0'/0/0", createdAt: Self.time)
        let imported = Account(name: "raw", address: Self.owner, kind: .privateKey, derivationPath: nil, createdAt: Self.time)
        #expect(try Self.json(AccountView(derived)) == #"{"name":"alice","address":"0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266","kind":"mnemonic","path":"m/44'/60'/0'/0/0"}"#)
        #expect(try Self.json(AccountView(imported)) == #"{"name":"raw","address":"0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266","kind":"private-key","path":null}"#)
        #expect(try Self.json(ImportedKeyView(imported)) == #"{"name":"raw","address":"0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266","kind":"private-key"}"#)
        let phrase = try Mnemonic(phrase: "test test test test test test test test test test test junk")
        #expect(try Self.json(CreatedKeyView(account: derived, mnemonic: phrase)) == #"{"name":"alice","address":"0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266","path":"m/44'/60'/0'/0/0","mnemonic":"test test test test test test test test test test test junk"}"#)
        #expect(try Self.roundTrips(AccountView(imported)))
    }

    @Test("a network, with 'current' only where a list or a switch says it")
    func network() throws {
        let n = ChainNetwork(name: "local", chainID: 31337, rpcURL: "http://127.0.0.1:8545",
                             contracts: NetworkContracts(safeSingleton: Self.token, safeVersion: "1.4.1"), createdAt: Self.time)
        #expect(try Self.json(NetworkView(n)) == #"{"name":"local","chainId":"31337","rpcUrl":"http://127.0.0.1:8545","contracts":{"safeSingleton":"0x5FbDB2315678afecb367f032d93F642f64180aa3","safeVersion":"1.4.1"}}"#)
        #expect(try Self.json(NetworkView(n, current: false)).hasSuffix(#","current":false}"#))
        #expect(try Self.roundTrips(NetworkView(n, current: true)))
    }

    @Test("a token, and an address's balances")
    func tokens() throws {
        let t = Token(chainID: 31337, address: Self.token, name: "Test Token", symbol: "TT", decimals: 2, whitelisted: true, addedAt: Self.time)
        #expect(try Self.json(TokenView(t)) == #"{"address":"0x5FbDB2315678afecb367f032d93F642f64180aa3","name":"Test Token","symbol":"TT","decimals":2,"chainId":"31337","whitelisted":true}"#)
        let b = Balances(address: Self.owner, chainID: 31337, ether: EtherAmount(wei: 1), tokens: Self.state.tokens)
        #expect(try Self.json(BalancesView(b)) == #"{"address":"0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266","wei":"1","ether":"0.000000000000000001","fiat":null,"tokens":[{"address":"0x5FbDB2315678afecb367f032d93F642f64180aa3","symbol":"TT","decimals":2,"balance":"12.34","raw":"1234"}]}"#)
        #expect(try Self.roundTrips(BalancesView(b)))
    }

    @Test("a decoded signed transaction carries only its type's fee fields")
    func signedTransaction() throws {
        // The EIP-155 example transaction.
        let raw = try Hex.decode("0xf86c098504a817c800825208943535353535353535353535353535353535353535880de0b6b3a76400008025a028ef61340bd939bc2195fe537567866003e1a15d3c71ff63e1590620aa636276a067cbe9d8997f761aecb703304b3800ccf555c9f3dc64214b297fb1966a3b6d83")
        let view = SignedTransactionView(try OfflineTransactions().decode(raw))
        #expect(try Self.json(view) == #"{"type":0,"chainId":"1","nonce":"9","to":"0x3535353535353535353535353535353535353535","value":"1000000000000000000","gasLimit":"21000","gasPrice":"20000000000","data":"0x","v":"37","r":"0x28ef61340bd939bc2195fe537567866003e1a15d3c71ff63e1590620aa636276","s":"0x67cbe9d8997f761aecb703304b3800ccf555c9f3dc64214b297fb1966a3b6d83","hash":"0x33469b22e9f636356c4160a87eb19df52b7412e8eac32a4a55ffe88ea8350788","from":"0x9d8A62f656a8d1615C1294fd71e9CFb3E4855A4F"}"#)
        #expect(try Self.roundTrips(view))
    }

    @Test("rates, a price history, sent transactions, a transaction's status")
    func ratesAndTransactions() throws {
        let rate = Rate(coin: "ethereum", fiat: "usd", price: "3000.50", time: Self.time, stale: false)
        #expect(try Self.json(RateView(rate)) == #"{"coin":"ethereum","fiat":"usd","price":3000.50,"time":"2025-11-21T04:40:00Z","stale":false}"#)
        let history = RateHistoryResult(coin: "ethereum", fiat: "eur", points: [(time: Self.time, price: "2900")], stale: true, warning: "w")
        #expect(try Self.json(RateHistoryView(history)) == #"{"coin":"ethereum","fiat":"eur","stale":true,"points":[{"time":"2025-11-21T04:40:00Z","price":2900}]}"#)
        let sent = StoredTransaction(hash: [UInt8](repeating: 0xaa, count: 32), chainID: 31337, from: Self.owner, to: nil, value: 5, nonce: 12,
                                     raw: [], keyName: "alice", token: nil, tokenAmount: nil, status: .pending, createdAt: Self.time, updatedAt: Self.time)
        let h = Hex.encode(sent.hash)
        #expect(try Self.json(SentTransactionView(sent)) == #"{"hash":"\#(h)","status":"pending","from":"0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266","to":null,"value":"5","nonce":"12","token":null,"tokenAmount":null,"chainId":"31337","blockNumber":null}"#)
        #expect(try Self.json(TransactionStatusView(TransactionState(hash: sent.hash, local: sent, receipt: nil, known: true)))
            == #"{"hash":"\#(h)","status":"pending","blockNumber":null,"gasUsed":null,"effectiveGasPrice":null,"local":true}"#)
        #expect(TransactionStatusView(TransactionState(hash: sent.hash, local: sent, receipt: nil, known: false)).status == "pending")
        #expect(TransactionStatusView(TransactionState(hash: sent.hash, local: nil, receipt: nil, known: false)).status == "unknown")
        #expect(try Self.roundTrips(SentTransactionView(sent)) && Self.roundTrips(RateHistoryView(history)))
    }

    @Test("a signature's confirmations (safe sign), an import (safe import), a proposal, a hash check and an execution")
    func safeFlowViews() throws {
        let tx = SafeTx(safe: Self.safeAddress, chainID: 31337, version: .v1_4_1, to: Self.owner, value: 5, nonce: 7)
        let entry = SafeTransactionEntry(transaction: tx, safeTxHash: try tx.hash(), signatures: [], status: .queued, executionHash: nil,
                                         summary: "send", createdAt: Self.time, updatedAt: Self.time)
        let count = ConfirmationSet().accepting(owners: [Self.owner]).count(threshold: 1)
        let h = Hex.encode(try tx.hash())
        #expect(try Self.json(SafeConfirmationsView(SafeConfirmations(entry: entry, signature: nil, count: count))) == #"{"signer":"","signature":"","confirmations":0,"threshold":1,"missing":["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"]}"#)
        #expect(try Self.json(SafeImportView(SafeImportResult(entry: entry, added: [Self.owner], count: count, setAside: []))) == #"{"safeTxHash":"\#(h)","summary":"send","nonce":7,"added":["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"],"confirmations":0,"threshold":1,"missing":["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"]}"#)
        #expect(try Self.json(SafeProposalView(entry)) == #"{"safeTxHash":"\#(h)","nonce":7,"summary":"send"}"#)
        // The EIP-712 fields in type order, as a hardware wallet lists them: the domain, then the SafeTx.
        let safe = Self.safeAddress.checksummed, zero = Address.zero.checksummed
        let fields = [("EIP712Domain", "chainId", "uint256", "31337"), ("EIP712Domain", "verifyingContract", "address", safe),
                      ("SafeTx", "to", "address", Self.owner.checksummed), ("SafeTx", "value", "uint256", "5"), ("SafeTx", "data", "bytes", "0x"),
                      ("SafeTx", "operation", "uint8", "0 (call)"), ("SafeTx", "safeTxGas", "uint256", "0"), ("SafeTx", "baseGas", "uint256", "0"),
                      ("SafeTx", "gasPrice", "uint256", "0"), ("SafeTx", "gasToken", "address", zero), ("SafeTx", "refundReceiver", "address", zero),
                      ("SafeTx", "nonce", "uint256", "7")]
            .map { #"{"struct":"\#($0.0)","name":"\#($0.1)","type":"\#($0.2)","value":"\#($0.3)"}"# }.joined(separator: ",")
        #expect(try Self.json(SafeHashesView(tx)) == #"{"safeTxHash":"\#(h)","domainSeparator":"\#(Hex.encode(try tx.domainSeparator()))","structHash":"\#(Hex.encode(try tx.structHash))","fields":[\#(fields)]}"#)
        #expect(try Self.roundTrips(SafeImportView(SafeImportResult(entry: entry, added: [], count: count, setAside: []))))
        #expect(try Self.json(SafeApprovalView(ownerSafe: Self.owner, entry: entry, confirmations: 1)) == #"{"ownerSafe":"0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266","safeTxHash":"\#(h)","nonce":"7","confirmations":1}"#)
        #expect(try Self.json(SafeApprovalView.onChain(txHash: "0x12", status: "pending")) == #"{"txHash":"0x12","status":"pending"}"#)
    }

    @Test("offline outputs: an amount in a unit, removed and exported keys, encoded calldata")
    func offlineViews() throws {
        #expect(try Self.json(AmountView(wei: 1_500_000_000, unit: .gwei)) == #"{"value":"1.5","unit":"gwei"}"#)
        #expect(try Self.json(KeyFileView.removed(name: "alice")) == #"{"name":"alice","removed":true}"#)
        #expect(try Self.json(KeyFileView.exported(name: "alice", file: "a.json")) == #"{"name":"alice","file":"a.json"}"#)
        let call = try ABICodec().encode(signature: "transfer(address,uint256)", arguments: [Self.owner.checksummed, "5"])
        #expect(try Self.json(CalldataView(call)).hasPrefix(#"{"calldata":"0xa9059cbb"#) && (try Self.json(CalldataView(call))).hasSuffix(#","selector":"0xa9059cbb"}"#))
    }

    @Test("a Safe's queue, each entry counted against the owners read, and a history item")
    func queueAndHistory() throws {
        let tx = SafeTx(safe: Self.safeAddress, chainID: 31337, version: .v1_4_1, to: Self.owner, value: 5, nonce: 7)
        let entry = SafeTransactionEntry(transaction: tx, safeTxHash: try tx.hash(), signatures: [], status: .queued, executionHash: nil,
                                         summary: "send", createdAt: Self.time, updatedAt: Self.time)
        let queue = SafeQueue(safe: Self.safe, entries: [entry], live: true)
        let text = try Self.json(SafeQueueView(queue))
        #expect(text.hasPrefix(#"{"safe":"0x6925C5e9AE423ce8c96DAb7cB4030f1e12bF4899","nonce":7,"threshold":1,"live":true,"transactions":[{"safeTxHash":"#))
        #expect(text.contains(#""confirmations":0,"threshold":1,"ready":false,"signers":[],"missing":["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"]"#))
        let item = SafeHistoryItem(safeTxHash: entry.safeTxHash, transactionHash: nil, blockNumber: 9, success: true, entry: entry)
        #expect(try Self.json(SafeHistoryItemView(item)) == #"{"safeTxHash":"\#(Hex.encode(entry.safeTxHash))","txHash":null,"blockNumber":9,"success":true,"nonce":7,"summary":"send"}"#)
    }
}
