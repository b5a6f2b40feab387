import BigInt
import EthereumKit
import Testing
import TestSupport

/// The full round trip every transaction vector goes through: build, compare the signing
/// payload, sign, compare the raw bytes, then decode the raw bytes and compare fields,
/// signature, re-encoding, hash and sender.
enum TransactionCheck {
    /// Checks `tx` against the expected payloads and returns the decoded transaction.
    @discardableResult
    static func run(
        _ tx: Transaction, key: PrivateKey, unsigned: [UInt8], signed: [UInt8], sender: Address,
        hash: [UInt8]? = nil, name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> SignedTransaction {
        #expect(try tx.signingPayload() == unsigned, "\(name): signing payload", sourceLocation: sourceLocation)
        let signedTx = try tx.sign(with: key)
        #expect(signedTx.raw == signed, "\(name): signed raw", sourceLocation: sourceLocation)
        #expect(signedTx.signature.isLowS, "\(name): low s", sourceLocation: sourceLocation)

        let decoded = try SignedTransaction.decode(signed)
        #expect(decoded.transaction == tx, "\(name): decoded fields", sourceLocation: sourceLocation)
        #expect(decoded.signature == signedTx.signature, "\(name): decoded signature", sourceLocation: sourceLocation)
        #expect(decoded.raw == signed, "\(name): re-encoded raw", sourceLocation: sourceLocation)
        // The hash is Keccak-256 of the raw bytes, which were just compared; check it where a vector states it.
        if let hash { #expect(decoded.hash == hash, "\(name): hash", sourceLocation: sourceLocation) }
        #expect(try decoded.sender() == sender, "\(name): sender", sourceLocation: sourceLocation)
        return decoded
    }

    /// An access list from `[{address, storageKeys}]`.
    static func accessList(_ json: JSONValue?) throws -> [AccessListEntry] {
        guard let json else { return [] }
        return try VectorValue.array(json).map { entry in
            AccessListEntry(
                address: try #require(try VectorValue.address(entry["address"])),
                storageKeys: try VectorValue.array(entry["storageKeys"]).map { try VectorValue.bytes($0) }
            )
        }
    }

    /// Every field of an ethers-style transaction object, parsed once; missing members are zero or empty.
    static func fields(_ f: JSONValue) throws -> Transaction {
        var tx = Transaction(
            type: .legacy, chainID: nil, nonce: try VectorValue.uint(f["nonce"]),
            gasLimit: try VectorValue.uint(f["gasLimit"]), to: try VectorValue.address(f["to"]),
            value: try VectorValue.uint(f["value"]), data: try VectorValue.bytes(f["data"])
        )
        tx.gasPrice = try VectorValue.uint(f["gasPrice"])
        tx.maxPriorityFeePerGas = try VectorValue.uint(f["maxPriorityFeePerGas"])
        tx.maxFeePerGas = try VectorValue.uint(f["maxFeePerGas"])
        tx.accessList = try accessList(f["accessList"])
        return tx
    }

    /// `all` as a transaction of `type`, keeping only the fields that type serialises so that it
    /// compares equal to what the decoder returns.
    static func transaction(_ type: TransactionType, _ all: Transaction, chainID: BigUInt?) -> Transaction {
        var tx = Transaction(type: type, chainID: chainID, nonce: all.nonce, gasLimit: all.gasLimit,
                             to: all.to, value: all.value, data: all.data)
        switch type {
        case .legacy:
            tx.gasPrice = all.gasPrice
        case .accessList:
            tx.gasPrice = all.gasPrice
            tx.accessList = all.accessList
        case .dynamicFee:
            tx.maxPriorityFeePerGas = all.maxPriorityFeePerGas
            tx.maxFeePerGas = all.maxFeePerGas
            tx.accessList = all.accessList
        }
        return tx
    }

    /// A transaction of `type` straight from an ethers-style field object.
    static func transaction(_ type: TransactionType, _ f: JSONValue, chainID: BigUInt?) throws -> Transaction {
        transaction(type, try fields(f), chainID: chainID)
    }
}
