import AppCore
import BigInt
@testable import BifrostDashboard
import Foundation
import SnapshotTesting
import TestSupport
import Testing

/// Each screen's HTML for fixed states, so a change in what a page shows is seen in review.
@MainActor
@Suite("Dashboard: screen snapshots")
struct ScreenSnapshotTests {
    static let time = Date(timeIntervalSince1970: 1_763_700_000)
    static let owners = DashboardHarness.owners
    static let safeAddress = DashboardHarness.safeAddress
    static let recipient = try! Address("0x90F79bf6EB2c4f870365E785982E1f101E93b906")
    static let context = RenderContext(pageID: "7-42", csrf: "c5rf", keys: [
        Account(name: "alice", address: owners[0], kind: .privateKey, derivationPath: nil, createdAt: time)])
    static let safe = Safe(chainID: 31337, address: safeAddress, name: "team <b>", version: "1.4.1", owners: owners, threshold: 2, nonce: 3,
                           modules: [], fallbackHandler: .zero, guardAddress: .zero, updatedAt: time)
    static let entry: SafeTransactionEntry = {
        let tx = SafeTx(safe: safeAddress, chainID: 31337, version: .v1_4_1, to: recipient, value: BigUInt(10).power(17), nonce: 3)
        let hash = try! tx.hash()
        let signature = try! SafeSignature.sign(safeTxHash: hash, with: try! PrivateKey(hex: "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"))
        return SafeTransactionEntry(transaction: tx, safeTxHash: hash, signatures: [signature], status: .queued, executionHash: nil,
                                    summary: "send 0.1 ETH to \(recipient.checksummed)", createdAt: time, updatedAt: time)
    }()
    static let rate = Rate(coin: "ethereum", fiat: "usd", price: "3000", time: time, stale: true)
    static let devKeys = ["ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
                          "59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"].map { try! PrivateKey(hex: $0) }

    /// A text message of the Safe, signed by the first `signers` owners.
    static func message(signedBy signers: Int, text: String = "Sign in to <b>app.example</b>\nNonce: 42") throws -> SafeMessageDetail {
        let entry = try SafeMessageEntry(SafeMessage(safe: safeAddress, chainID: 31337, version: .v1_4_1, content: .text(text)), proposer: owners[0], at: time)
        let signatures = try devKeys.prefix(signers).map { try SafeSignature.sign(safeTxHash: entry.messageHash, with: $0) }
        return SafeMessageDetail(entry.adding(signatures, at: time), safe: safe)
    }

    @Test("the Safe list with a summary")
    func safeList() {
        var state = SafeList.State(safes: [Self.safe])
        state.loaded = true
        state.summaries = [Self.safeAddress: SafeList.Summary(balance: EtherAmount(wei: BigUInt(15) * BigUInt(10).power(17)), fiat: "4500.00", pending: 1)]
        assertSnapshot(of: SafeListScreen.render(state, Self.context).rendered, as: .lines)
    }

    @Test("a Safe's home with one transaction in the queue, on a singleton that is no known release")
    func safeHome() {
        var state = SafeDetail.State(address: Self.safeAddress)
        state.snapshot = SafeDetail.Snapshot(info: SafeState(safe: Self.safe, balance: EtherAmount(wei: BigUInt(10).power(18)), tokens: [
            TokenBalance(token: Self.recipient, symbol: "<i>TKN</i>", decimals: 18, raw: BigUInt(5) * BigUInt(10).power(18))],
            singleton: Self.recipient, risks: [SafeRisk("unknown-singleton", .critical, "the Safe runs \(Self.recipient.checksummed), which is not a known Safe release")]),
                                             queue: [Self.entry], history: [], rate: Self.rate,
                                             hiddenTokens: [Token(chainID: 31337, address: Self.owners[1], name: "Spam", symbol: "<b>FREE</b>",
                                                                  decimals: 18, whitelisted: false, addedAt: Self.time)],
                                             messages: [try! Self.message(signedBy: 1)])
        assertSnapshot(of: SafeHomeScreen.render(state, Self.context).rendered, as: .lines)
    }

    @Test("a Safe message: half signed with the Sign form; then signed, with the final signature and the Safe's verdict")
    func message() throws {
        var state = MessageDetail.State(messageHash: try Self.message(signedBy: 1).entry.messageHash)
        state.detail = try Self.message(signedBy: 1)
        let bob = RenderContext(pageID: "7-42", csrf: "c5rf", keys: [Account(name: "bob", address: Self.owners[1], kind: .privateKey, derivationPath: nil,
                                                                             createdAt: Self.time)])
        assertSnapshot(of: MessageScreen.render(state, bob).rendered, as: .lines, named: "half")
        state.detail = try Self.message(signedBy: 2)
        state.verdict = SafeMessageVerdict(valid: true, reason: nil, signature: state.detail?.finalSignature ?? [])
        assertSnapshot(of: MessageScreen.render(state, bob).rendered, as: .lines, named: "signed")
    }

    @Test("a transaction, half signed")
    func transaction() throws {
        var state = TransactionDetail.State(safeTxHash: Self.entry.safeTxHash)
        state.detail = SafeTransactionDetail(
            entry: Self.entry, safe: Self.safe,
            confirmations: Self.safe.count(Self.entry.confirmations),
            hashes: try SafeHashesView(Self.entry.transaction),
            call: CallDecoder().decode(Self.entry.transaction))
        state.review = SafeTransactionReview(call: CallDecoder().decode(Self.entry.transaction), simulation: .succeeds,
                                             effect: .changes([SafeStateChange(.balance, .info, "the Safe's balance changes by -0.1 ETH")]),
                                             events: .unavailable("the node does not serve eth_simulateV1"),
                                             risks: [SafeRisk("nonce-ahead", .warning, "nonce 3 is ahead of the Safe's nonce 2")])
        assertSnapshot(of: TransactionScreen.render(state, Self.context, serviceHost: nil).rendered, as: .lines)
        // Meeting at a Transaction Service: the share section, after two signatures were sent.
        state.sharedWith = Self.entry.signatures.map(\.owner)
        assertSnapshot(of: TransactionScreen.render(state, Self.context, serviceHost: "team<b>.example").rendered, as: .lines, named: "shared")
    }

    @Test("a new transaction: composing a token transfer; reviewing a batch with a foreign delegatecall inside and a failing simulation")
    func newTransaction() throws {
        var state = SendFlow.State(safe: Self.safeAddress)
        state.draft = SafeIntentDraft(kind: .token)
        state.draft.amount = "\"><script>"
        assertSnapshot(of: NewTransactionScreen.render(state, Self.context).rendered, as: .lines, named: "compose")
        let batch = try MultiSend.multiSendCall([MultiSendCall(to: Self.recipient, value: BigUInt(10).power(17)),
                                                 MultiSendCall(operation: .delegateCall, to: Self.recipient, data: [1, 2, 3, 4])])
        let tx = SafeTx(safe: Self.safeAddress, chainID: 31337, version: .v1_4_1, to: SafeDeployments.multiSend, data: batch,
                        operation: .delegateCall, nonce: 4)
        state.route = .review(try SafeTransactionDraft(transaction: tx, summary: "batch of 2 calls through MultiSend"))
        assertSnapshot(of: NewTransactionScreen.render(state, Self.context).rendered, as: .lines, named: "decoding")
        // A change names outside contracts and is outside text: it is escaped like any.
        let effect = SafeEffect.changes([SafeStateChange(.modules, .critical, "module 0x00…aa (<b>unknown</b>) is enabled"),
                                         SafeStateChange(.balance, .info, "the Safe's balance changes by -5 ETH")])
        // An event's words carry a token's own symbol, outside text too.
        let events = SafeEmittedEvents.events([SafeEvent(contract: Self.recipient, kind: .approval, severity: .critical,
                                                         description: "the Safe lets 0x00…bb spend any amount of <img src=x> (Approval)")])
        state.review = SafeTransactionReview(call: CallDecoder().decode(tx), simulation: .reverts("the Safe transaction's inner call failed"), effect: effect,
                                             events: events)
        let review = NewTransactionScreen.render(state, Self.context).rendered
        #expect(review.contains("<li class=\"change critical\" data-event=\"approval\" role=\"alert\"><strong>critical</strong> the Safe lets 0x00…bb spend any amount of &lt;img src=x&gt; (Approval)</li>"))
        #expect(review.contains("call 2: delegatecall to \(Self.recipient.checksummed)"))
        #expect(review.contains("<li class=\"change critical\" data-kind=\"modules\" role=\"alert\"><strong>critical</strong> module 0x00…aa (&lt;b&gt;unknown&lt;/b&gt;) is enabled</li>"))
        assertSnapshot(of: review, as: .lines, named: "review")
    }

    @Test("a contract call: the ABI read, the function picker with the callable functions, one field per input named from the ABI; names next to addresses")
    func contractCall() throws {
        var state = SendFlow.State(safe: Self.safeAddress)
        state.draft = SafeIntentDraft(kind: .contract)
        state.draft.recipient = Self.recipient.checksummed
        let empty = NewTransactionScreen.render(state, Self.context).rendered
        #expect(empty.contains("Read the ABI") && !empty.contains("name=\"arg-0\""))
        state.draft.abi = ContractABIFixture.abi
        state.draft.function = "stake(uint256,address)"
        let html = NewTransactionScreen.render(state, Self.context).rendered
        #expect(html.contains("<option value=\"stake(uint256,address)\" selected>stake(uint256 amount, address to)</option>"))
        #expect(!html.contains("<option value=\"balanceOf"), "a view function is not offered")
        // The chosen function's fields are shown; every function's are in templates, for the picker to switch without a round trip.
        let shown = try #require(html.components(separatedBy: "<div id=\"function-fields\">").last?.components(separatedBy: "</div>").first)
        #expect(shown.contains("data-argument=\"amount\"") && shown.contains("data-argument=\"to\"") && !shown.contains("name=\"arg-2\""))
        #expect(html.contains("<template data-function-fields=\"stake(uint256,address)\">"))
        assertSnapshot(of: html, as: .lines, named: "abi")

        let named = RenderContext(pageID: "7-42", csrf: "c5rf", keys: [], names: AddressNames([Self.recipient: "Payroll <b>"]))
        let call = CallDecoder().decode(to: Self.recipient, value: 5, data: [], operation: .call)
        #expect(Format.decoded(call, names: named.names).rendered.contains("<span class=\"address-name\">Payroll &lt;b&gt;</span>"))
        #expect(named.named("send 1 ETH to \(Self.recipient.checksummed)") == "send 1 ETH to \(Self.recipient.checksummed) (Payroll <b>)")
    }

    @Test("onboarding: the start, and a new key's phrase shown once")
    func onboarding() {
        assertSnapshot(of: OnboardingScreen.render(Onboarding.State(), Self.context).rendered, as: .lines, named: "start")
        var state = Onboarding.State()
        state.route = .showPhrase(Self.context.keys[0], words: Redacted(["abandon", "ability", "able"]))
        assertSnapshot(of: OnboardingScreen.render(state, Self.context).rendered, as: .lines, named: "phrase")
    }

    @Test("settings with two networks and a key")
    func settings() {
        var state = Settings.State()
        state.snapshot = Settings.Snapshot(networks: [
            ChainNetwork(name: "devnet", chainID: 31337, rpcURL: "http://127.0.0.1:8545", contracts: NetworkContracts(), createdAt: Self.time),
            ChainNetwork(name: "main\"net", chainID: 1, rpcURL: "https://rpc.example", contracts: NetworkContracts(), createdAt: Self.time),
        ], current: "devnet", keys: Self.context.keys)
        assertSnapshot(of: SettingsScreen.render(state, Self.context).rendered, as: .lines)
    }

    @Test("rates, one stale, with a chart")
    func rates() {
        var state = RatesFeature.State()
        state.rates = [Self.rate]
        state.history = ["ethereum": [2900, 3100, 3000, 3050]]
        assertSnapshot(of: RatesScreen.render(state, Self.context).rendered, as: .lines)
    }
}
