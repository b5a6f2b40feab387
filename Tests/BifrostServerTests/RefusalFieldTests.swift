@testable import BifrostServer
import BigInt
import CoSigning
import Foundation
import Hummingbird
import Networking
import Services
import Testing

/// Services' refusals name no field and no status; the server maps each at its edge.
@Suite("bifrost serve: refusals mapped to the official service's fields")
struct RefusalFieldTests {
    static let a = ServerHarness.keys[0].address, b = ServerHarness.keys[1].address
    static let hash = [UInt8](repeating: 7, count: 32)

    static let refusals: [(CoSigningRefusal, FieldError.Kind, String)] = [
        (.notASafe(a, reason: "no code"), .notFound, "address"),
        (.unsupportedVersion("1.1.1"), .refused, "safe"),
        (.unhashable("nonce too large"), .malformed, "nonce"),
        (.malformedTransferID("x12"), .malformed, "transferId"),
        (.hashMismatch(computed: hash, stated: hash, version: .v1_4_1, chainID: 1), .refused, "contractTransactionHash"),
        (.nonceUsed(nonce: 1, current: 2), .refused, "nonce"),
        (.unsignedProposal(sender: a), .refused, "signature"),
        (.signedByOthers(signers: [b], sender: a), .refused, "signature"),
        (.notOwnerOrDelegate(sender: a, safe: b), .refused, "sender"),
        (.delegateUnsigned(delegate: a), .refused, "signature"),
        (.noSignature, .malformed, "signature"),
        (.unreadableSignature("bad v"), .refused, "signature"),
        (.signedByNonOwner(signer: a, safe: b), .refused, "signature"),
        (.signedTwice(a), .refused, "signature"),
        (.notConfirmedOnChain("not approved"), .refused, "signature"),
        (.unknownTransaction(hash), .notFound, "safeTxHash"),
        (.alreadyExecuted, .refused, "safeTxHash"),
        (.executedCannotBeDeleted, .refused, "safeTxHash"),
        (.deleteNotSignedByProposer(a), .refused, "signature"),
        (.selfDelegation, .refused, "delegate"),
        (.missingLabel, .malformed, "label"),
        (.expiryPassed, .refused, "expiryDate"),
        (.delegateMessageNotSigned(by: [a, b]), .refused, "signature"),
        (.delegatorNotOwner(delegator: a, safe: b), .refused, "delegator"),
        (.delegatorOwnsNothing(a), .refused, "delegator"),
        (.unknownDelegate(delegate: a, delegator: b), .notFound, "delegate"),
        (.delegateQueryUnbounded, .malformed, "safe"),
    ]

    @Test("each refusal becomes its field and a 4xx, with the co-signing rules' own words as the reason")
    func mapping() {
        for (refusal, kind, field) in Self.refusals {
            let error = FieldError(refusal)
            #expect(error.kind == kind && error.field == field, "\(refusal)")
            #expect(error.reason == refusal.description && !error.reason.isEmpty)
            #expect((400..<500).contains(Int(error.status.code)))
            // The refusal says its own answer: the field error's status and body.
            #expect(refusal.status == error.status && refusal.json == .object([(key: field, value: .array([.string(refusal.description)]))]))
        }
    }

    @Test("each kind of field error says its own status")
    func statuses() {
        let expected: [(FieldError.Kind, Int)] = [(.malformed, 400), (.unparsable, 400), (.refused, 422), (.notFound, 404), (.unauthorized, 401),
                                                  (.tooLarge, 413)]
        for (kind, code) in expected { #expect(Int(FieldError(kind, field: "f", "r").status.code) == code, "\(kind)") }
    }

    @Test("each endpoint's style answers as the official view does: proposals 422, confirmations 400 under signature, messages and delegates 400 with a rule under nonFieldErrors")
    func styles() {
        let rule = FieldError(CoSigningRefusal.signedTwice(Self.a))
        let field = FieldError(.malformed, field: "value", "not a number")
        func text(_ answer: (status: Hummingbird.HTTPResponse.Status, json: JSONValue)) -> String { "\(answer.status.code) \(JSONWriter.write(answer.json))" }
        let reason = CoSigningRefusal.signedTwice(Self.a).description
        let expected: [(RefusalStyle, FieldError, String)] = [
            (.plain, rule, "422 {\"signature\":[\"\(reason)\"]}"),
            (.proposal, rule, "422 {\"nonFieldErrors\":[\"\(reason)\"]}"),
            (.confirmation, rule, "400 {\"signature\":[\"\(reason)\"]}"),
            (.submission, rule, "400 {\"nonFieldErrors\":[\"\(reason)\"]}"),
            (.plain, field, "400 {\"value\":[\"not a number\"]}"),
            (.proposal, field, "422 {\"value\":[\"not a number\"]}"),
            (.submission, field, "400 {\"value\":[\"not a number\"]}"),
            (.proposal, FieldError(.unparsable, field: "body", "not JSON"), "400 {\"body\":[\"not JSON\"]}"),
            (.confirmation, FieldError(.notFound, field: "safeTxHash", "none"), "404 {\"detail\":\"none\"}"),
            (.proposal, FieldError(.unauthorized, field: "Authorization", "no key"), "401 {\"Authorization\":[\"no key\"]}"),
        ]
        for (style, error, answer) in expected { #expect(text(error.answer(as: style)) == answer, "\(style)") }
        // Every missing field at once, in the order given.
        let missing = FieldError.missing(["to", "nonce", "sender"])
        #expect(missing.map { text($0.answer(as: .proposal)) }
                == #"422 {"to":["This field is required."],"nonce":["This field is required."],"sender":["This field is required."]}"#)
        #expect(FieldError.missing([]) == nil)
    }

    @Test("the storage's failures are 503, the node's 502, anything else 422, each with a detail")
    func otherErrors() {
        let answers: [(any ServedError, Int, String)] = [
            (StorageError("disk full"), 503, "storage: \(StorageError("disk full"))"),
            (NetworkError.timeout(seconds: 3), 502, "the node: \(NetworkError.timeout(seconds: 3))"),
            (ChainError.noNetwork, 502, "the node: \(ChainError.noNetwork)"),
            (UnservedRequest(error: CancellationError()), 422, "\(CancellationError())"),
        ]
        for (error, code, detail) in answers {
            #expect(Int(error.status.code) == code && error.json == .object([(key: "detail", value: .array([.string(detail)]))]), "\(error)")
        }
    }
}
