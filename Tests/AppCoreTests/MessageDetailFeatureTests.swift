import AppCore
import AppCoreTesting
import Foundation
import Testing

@MainActor
@Suite("Feature: MessageDetail")
struct MessageDetailFeatureTests {
    static func detail(signers: Int) -> SafeMessageDetail {
        let safe = Sample.safe()
        let entry = try! SafeMessageEntry(SafeMessage(safe: safe.address, chainID: safe.chainID, version: .v1_4_1, content: .text("gm")),
                                          proposer: nil, at: Date(timeIntervalSince1970: 1_800_000_000))
        let signatures = Sample.ownerKeys.prefix(signers).map { try! SafeSignature.sign(safeTxHash: entry.messageHash, with: $0) }
        return SafeMessageDetail(entry.adding(signatures, at: entry.createdAt), safe: safe)
    }

    @Test("refresh loads the message; the Safe's verdict is kept until a signature changes the message; a failed sign keeps the page")
    func loadVerifySign() async {
        let half = Self.detail(signers: 1), full = Self.detail(signers: 2)
        let verdict = SafeMessageVerdict(valid: false, reason: "GS020", signature: [])
        let deps = MessageDetail.Dependencies(load: { _ in half }, sign: { _, key, _ in
            guard key == "bob" else { throw SafeError.notAnOwner(signer: Sample.owners[0], safe: Sample.safeAddress) }
            return full
        }, verify: { _ in verdict })
        let store = TestStore(initialState: MessageDetail.State(messageHash: half.entry.messageHash), reducer: MessageDetail.Reducer(dependencies: deps))
        store.send(.refresh) { $0.loading = true }
        await store.receive(.loaded(.success(half))) {
            $0.loading = false
            $0.detail = half
        }
        #expect(half.finalSignature == nil && full.finalSignature != nil)
        store.send(.verifyTapped) { $0.busy = true }
        await store.receive(.verified(.success(verdict))) {
            $0.busy = false
            $0.verdict = verdict
        }
        store.send(.signTapped(keyName: "alice", password: Redacted("pw"))) { $0.busy = true }
        await store.receive(.signed(.failure(FeatureError(SafeError.notAnOwner(signer: Sample.owners[0], safe: Sample.safeAddress))))) {
            $0.busy = false
            $0.error = FeatureError(SafeError.notAnOwner(signer: Sample.owners[0], safe: Sample.safeAddress))
        }
        store.send(.signTapped(keyName: "bob", password: Redacted("pw"))) {
            $0.busy = true
            $0.error = nil
        }
        await store.receive(.signed(.success(full))) {
            $0.busy = false
            $0.detail = full
            $0.verdict = nil
        }
        await store.finish()
    }
}
