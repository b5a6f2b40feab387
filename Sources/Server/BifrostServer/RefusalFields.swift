import CoSigning
import Hummingbird
import Services

extension FieldError {
    /// How the official service reports `refusal`: the kind of status and the field it blames.
    init(_ refusal: CoSigningRefusal) {
        let (kind, field): (Kind, String) = switch refusal {
        case .notASafe: (.notFound, "address")
        case .unsupportedVersion: (.refused, "safe")
        case .unhashable: (.malformed, "nonce")
        case .hashMismatch: (.refused, "contractTransactionHash")
        case .nonceUsed: (.refused, "nonce")
        case .notOwnerOrDelegate: (.refused, "sender")
        case .unsignedProposal, .signedByOthers, .delegateUnsigned, .unreadableSignature, .signedByNonOwner, .signedTwice,
             .notConfirmedOnChain, .deleteNotSignedByProposer, .delegateMessageNotSigned: (.refused, "signature")
        case .noSignature: (.malformed, "signature")
        case .unknownTransaction: (.notFound, "safeTxHash")
        case .unknownMessage: (.notFound, "messageHash")
        case .invalidMessage: (.malformed, "message")
        case .alreadyExecuted, .executedCannotBeDeleted: (.refused, "safeTxHash")
        case .selfDelegation: (.refused, "delegate")
        case .missingLabel: (.malformed, "label")
        case .expiryPassed: (.refused, "expiryDate")
        case .delegatorNotOwner, .delegatorOwnsNothing: (.refused, "delegator")
        case .unknownDelegate: (.notFound, "delegate")
        case .delegateQueryUnbounded: (.malformed, "safe")
        case .malformedTransferID: (.malformed, "transferId")
        case .estimationFailed: (.refused, "safeTxGas")
        case .againstPolicy: (.refused, "operation")
        }
        self.init(kind, field: field, refusal.description)
        isRule = kind == .refused
    }
}

/// A refusal is answered as the field error it maps to.
extension CoSigningRefusal: ServedError {
    var status: HTTPResponse.Status { FieldError(self).status }
    var json: JSONValue { FieldError(self).json }
}
