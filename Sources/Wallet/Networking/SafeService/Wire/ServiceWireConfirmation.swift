import EthereumKit
import Foundation
import SafeKit

/// One owner's confirmation as the service lists it inside a multisig transaction.
public struct ServiceWireConfirmation: Sendable, Equatable {
    public var owner: Address
    public var submissionDate: Date?
    /// The on-chain transaction of an approved hash, when there is one.
    public var transactionHash: [UInt8]?
    /// This owner's signature, packed on its own (a contract's data after the 65 bytes).
    public var signature: [UInt8]?
    /// `EOA`, `ETH_SIGN`, `APPROVED_HASH` or `CONTRACT_SIGNATURE`.
    public var signatureType: String?

    /// A confirmation of `signature`, typed by its kind.
    public init(_ signature: SafeSignature, submissionDate: Date?) {
        owner = signature.owner
        self.submissionDate = submissionDate
        transactionHash = nil
        self.signature = SafeSignature.pack([signature])
        signatureType = Self.type(signature.kind)
    }

    /// Reads one from the service's JSON.
    public init(json: JSONValue) throws(ServiceWireError) {
        let f = try ServiceWireFields(json, what: "confirmations")
        owner = try f.address("owner")
        submissionDate = try f.date("submissionDate")
        transactionHash = try f.hex("transactionHash")
        signature = try f.hex("signature")
        signatureType = try f.string("signatureType")
    }

    /// The service's JSON.
    public var json: JSONValue {
        .members([("owner", .string(owner.checksummed)), ("submissionDate", ServiceWireDate.json(submissionDate)),
                  ("transactionHash", transactionHash.map { .string(Hex.encode($0)) } ?? .null),
                  ("signature", signature.map { .string(Hex.encode($0)) } ?? .null), ("signatureType", signatureType.map(JSONValue.string) ?? .null)])
    }

    /// The official names of the four ways an owner confirms.
    static func type(_ kind: SafeSignature.Kind) -> String {
        switch kind {
        case .ecdsa: "EOA"
        case .ethSign: "ETH_SIGN"
        case .approvedHash: "APPROVED_HASH"
        case .contract: "CONTRACT_SIGNATURE"
        }
    }
}
