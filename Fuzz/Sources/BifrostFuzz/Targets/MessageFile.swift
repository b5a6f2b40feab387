import BigInt
import EthereumKit
import SafeKit

/// `SafeMessageFile(json:)`, the file owners pass around to collect a Safe message's signatures:
/// the hash re-derived from the message, every signature recovered to the owner it is listed
/// for. A file that reads writes (`json`) a file that reads back to the same message, hash and
/// signatures, and writing that again gives the same text.
let messageFileTarget = FuzzTarget(
    name: "message-file",
    summary: "SafeMessageFile(json:) (hash and every signature re-derived); json round-trips to the same message",
    run: { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        guard let file = try? SafeMessageFile(json: text) else { return false }
        require(file.messageHash.count == 32, "a messageHash is not 32 bytes")
        require((try? file.message.hash()) == file.messageHash, "the stated hash is not the message's")
        require(file.signatures.map(\.owner) == file.signatures.map(\.owner).sorted(), "the signatures are not in owner order")
        let written = file.json
        guard let again = try? SafeMessageFile(json: written) else {
            require(false, "a file does not read back after writing:\n\(written)")
            return true
        }
        let (kind, body) = file.message.content.stored, (kindAgain, bodyAgain) = again.message.content.stored
        require(again.messageHash == file.messageHash && again.signatures == file.signatures, "a file reads back with another hash or signatures")
        require(again.message.safe == file.message.safe && again.message.chainID == file.message.chainID
                    && again.message.version == file.message.version && kindAgain == kind && Array(bodyAgain.utf8) == Array(body.utf8),
                "a file reads back with another message:\n\(written)")
        require(again.json == written, "writing a file is not stable")
        return true
    },
    seeds: { vectors in
        var contents: [SafeMessage.Content] = [.text("Sign in to app.example, nonce 42"), .text(""), .text("line one\nline \"two\"\t\\ é ✓ 🦊"),
                                               .text(String(repeating: "x", count: 300))]
        var typedTexts = [
            #"{"types":{"EIP712Domain":[{"name":"name","type":"string"},{"name":"chainId","type":"uint256"}],"Permit":[{"name":"spender","type":"address"},{"name":"value","type":"uint256"},{"name":"deadline","type":"uint256"}]},"primaryType":"Permit","domain":{"name":"Token","chainId":"11155111"},"message":{"spender":"0x70997970C51812dc3A010C7d01b50e0d17dc79C8","value":"1000","deadline":"1750000000"}}"#,
            #"{"types":{"EIP712Domain":[{"name":"name","type":"string"}],"M":[{"name":"x","type":"uint256"},{"name":"tags","type":"string[]"}]},"primaryType":"M","domain":{"name":"d"},"message":{"x":"1","tags":["a","b"]}}"#,
        ]
        if let mail = vectors.json("EthereumKitTests/Vectors/eip712_mail_example.json")?["typedData"] { typedTexts.append(String(decoding: jsonBytes(mail), as: UTF8.self)) }
        contents += typedTexts.compactMap { try? SafeMessage.Content.typedData(json: $0) }
        let owners = [seedKey("message owner 1"), seedKey("message owner 2"), seedKey("message owner 3")]
        let safe = try! Address("0x6925C5e9AE423ce8c96DAb7cB4030f1e12bF4899")
        let settings: [(BigUInt, SafeVersion)] = [(11_155_111, .v1_5_0), (1, .v1_3_0), (31337, .v1_4_1)]
        var seeds = [[UInt8]]()
        for (i, content) in contents.enumerated() {
            let (chainID, version) = settings[i % settings.count]
            let message = SafeMessage(safe: safe, chainID: chainID, version: version, content: content)
            guard let hash = try? message.hash() else { continue }
            // No signature, one ECDSA, then ECDSA, eth_sign and an approved hash together.
            var signatures: [[SafeSignature]] = [[]]
            if let ecdsa = try? SafeSignature.sign(safeTxHash: hash, with: owners[0]) {
                signatures.append([ecdsa])
                if let rsv = try? owners[1].sign(digest: PersonalMessage.hash(hash)).rsv, let ethSign = try? SafeSignature.fromEthSign(rsv, safeTxHash: hash) {
                    signatures.append([ecdsa, ethSign, .approvedHash(by: owners[2].address)])
                }
            }
            for set in signatures {
                if let file = try? SafeMessageFile(message: message, signatures: set) { seeds.append(Array(file.json.utf8)) }
            }
        }
        // Nearly right: another format, a hash that does not match, a signature listed under another owner.
        if let first = seeds.first.map({ String(decoding: $0, as: UTF8.self) }) {
            seeds.append(Array(first.replacingOccurrences(of: "bifrost.safe-message", with: "bifrost.safe-transaction").utf8))
            seeds.append(Array(first.replacingOccurrences(of: "nonce 42", with: "nonce 43").utf8))
            seeds.append(Array(first.replacingOccurrences(of: owners[0].address.checksummed, with: owners[1].address.checksummed).utf8))
        }
        return seeds
    }
)
