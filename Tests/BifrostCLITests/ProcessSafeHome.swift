import Foundation
import Services
import Storage

/// A home that follows a 3-of-3 Safe of the Hardhat dev keys 0–2 (vault keys `owner0`…`owner2`,
/// password `ProcessBifrost.password`), set up without a chain the way the offline Safe tests do,
/// with transaction 1 queued and unsigned; transaction 2 exists only in signature-exchange files.
struct ProcessSafeHome {
    static let keys = ["ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
                       "59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
                       "5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a"].map { try! PrivateKey(hex: $0) }
    static let owners = ["owner0", "owner1", "owner2"]
    static let safe = try! Address("0x1d5e2cb8b3e2df2f1e6f8b34b1a8bc4a9f2bd5e1")

    let home: URL
    /// Where the exchange files are written.
    let folder: URL
    let tx1: String
    let tx2: String
    /// Exchange files by name: "1:0" is transaction 1 signed by owner0, "2:012" transaction 2 signed by all, "1:" unsigned.
    let files: [String: String]

    static func make(in root: URL) async throws -> ProcessSafeHome {
        let home = root.appendingPathComponent("home-\(UUID().uuidString.prefix(8))")
        let now = Date()
        let t1 = SafeTx(safe: safe, chainID: 11_155_111, version: .v1_4_1, to: keys[2].address, value: 5, nonce: 3)
        let t2 = SafeTx(safe: safe, chainID: 11_155_111, version: .v1_4_1, to: keys[1].address, value: 7, nonce: 4)
        do {
            let services = try AppServices.open(home: BifrostHome(url: home), lightKDF: true)
            for (key, name) in zip(keys, owners) { _ = try await services.keys.importPrivateKey(name: name, key: key, password: ProcessBifrost.password) }
            let storage = SafeStorage(database: try AppDatabase.open(home: BifrostHome(url: home)))
            try await storage.save(Safe(chainID: 11_155_111, address: safe, name: "team", version: "1.4.1", owners: keys.map(\.address), threshold: 3,
                                  nonce: 3, modules: [], fallbackHandler: .zero, guardAddress: .zero, updatedAt: now))
            try await storage.save(SafeTransactionEntry(transaction: t1, safeTxHash: try t1.hash(), signatures: [], status: .queued,
                                                  executionHash: nil, summary: "one", createdAt: now, updatedAt: now))
        }
        var files: [String: String] = [:]
        for (number, tx) in [(1, t1), (2, t2)] {
            for signers in ["", "0", "1", "2", "01", "02", "12", "012"] {
                let signatures = try signers.map { try SafeSignature.sign(safeTxHash: try tx.hash(), with: keys[Int(String($0))!]) }
                let path = root.appendingPathComponent("tx\(number)-\(signers.isEmpty ? "none" : signers)-\(UUID().uuidString.prefix(8)).json").path
                try SafeTransactionFile(transaction: tx, signatures: signatures).json.write(toFile: path, atomically: true, encoding: .utf8)
                files["\(number):\(signers)"] = path
            }
        }
        return ProcessSafeHome(home: home, folder: root, tx1: Hex.encode(try t1.hash()), tx2: Hex.encode(try t2.hash()), files: files)
    }

    /// An exchange file for a further transaction, of Safe nonce `nonce`, signed by the owners at `signers`.
    func exchangeFile(nonce: Int, signers: [Int]) throws -> (path: String, safeTxHash: String) {
        let tx = SafeTx(safe: Self.safe, chainID: 11_155_111, version: .v1_4_1, to: Self.keys[0].address, value: .init(nonce), nonce: .init(nonce))
        let hash = try tx.hash()
        let path = folder.appendingPathComponent("tx-nonce\(nonce)-\(UUID().uuidString.prefix(8)).json").path
        let signatures = try signers.map { try SafeSignature.sign(safeTxHash: hash, with: Self.keys[$0]) }
        try SafeTransactionFile(transaction: tx, signatures: signatures).json.write(toFile: path, atomically: true, encoding: .utf8)
        return (path, Hex.encode(hash))
    }

    /// The Safe's stored transactions and who signed each, read straight from the database.
    func stored() async throws -> [(hash: String, signers: [Address])] {
        let storage = SafeStorage(database: try AppDatabase.open(home: BifrostHome(url: home)))
        return try await storage.transactions(chainID: 11_155_111, safe: Self.safe).map { (Hex.encode($0.safeTxHash), $0.signatures.map(\.owner)) }
    }
}
