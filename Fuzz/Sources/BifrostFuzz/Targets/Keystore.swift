@testable import EthereumKit

/// The largest scrypt work (N·r·p) and PBKDF2 round count the target derives a key for: tiny, so
/// one input stays well under a millisecond. Anything costlier still goes through the product's
/// whole parse-and-validate path (`KeystoreFile`, which runs `ScryptParameters.checkAcceptable`),
/// only the key derivation itself is skipped.
let keystoreMaxScryptWork = 64
let keystoreMaxPBKDF2Rounds = 64

/// A member the seeds add to a keystore file to carry its password, so that a seed reaches the
/// successful decrypt; keystore files have no such member and Bifrost ignores unknown members.
let keystorePasswordMember = "x-bifrost-fuzz-password"

/// Keystore V3 on fuzzed JSON: `KeystoreFile(json:)` (every field and the KDF's limits) on every
/// input, and `KeystoreV3.decrypt` when the KDF is cheap. A decrypted secret must encrypt and
/// decrypt again.
let keystoreTarget = FuzzTarget(
    name: "keystore",
    summary: "KeystoreV3: KeystoreFile parse/validate on every input, full decrypt when the KDF is tiny",
    run: { bytes in
        _ = KeystoreV3.address(json: bytes)
        guard let file = try? KeystoreFile(json: bytes) else { return false }
        let cheap: Bool
        switch file.kdf {
        case .scrypt(let parameters, _):
            _ = parameters.isWithinRFC7914
            _ = ScryptKDF.preferredBackend(for: parameters)
            // checkAcceptable bounds n ≤ 2^22 and r·p ≤ 1024, so this cannot overflow.
            cheap = parameters.n * parameters.r * parameters.p <= keystoreMaxScryptWork
        case .pbkdf2(let rounds, _):
            cheap = rounds <= keystoreMaxPBKDF2Rounds
        }
        guard cheap else { return false }
        let password = (try? JSONParser.parse(bytes))?[keystorePasswordMember]?.stringValue ?? "fuzz"
        guard let secret = try? KeystoreV3.decrypt(json: bytes, password: password) else { return false }
        require(secret.count == file.ciphertext.count, "the secret's length differs from the ciphertext's")
        let light = ScryptParameters(n: 2, r: 1, p: 1)
        guard let again = try? KeystoreV3.encrypt(secret: secret, password: password, scrypt: light) else {
            require(false, "a decrypted secret does not encrypt again")
            return true
        }
        require((try? KeystoreV3.decrypt(json: again, password: password)) == secret, "re-encrypted secret does not decrypt")
        return true
    },
    seeds: { vectors in
        var seeds = [[UInt8]]()
        func add(_ json: JSONValue?, password: String?) {
            guard case .object(var members)? = json else { return }
            if let password { members.append((key: keystorePasswordMember, value: .string(password))) }
            seeds.append(jsonBytes(.object(members)))
        }
        // Made by Bifrost with tiny scrypt parameters, then a PBKDF2 file built from its pieces.
        for (index, parameters) in [ScryptParameters(n: 2, r: 8, p: 1), ScryptParameters(n: 4, r: 1, p: 2),
                                    ScryptParameters(n: 2, r: 32, p: 1)].enumerated() {
            let secret = index == 1 ? Array("a mnemonic phrase's words".utf8) : Keccak256.hash([UInt8(index)])
            if let json = try? KeystoreV3.encrypt(secret: secret, password: "fuzz", scrypt: parameters,
                                                  address: index == 0 ? seedKey("keystore").address : nil) {
                seeds.append(json)
            }
        }
        if let pbkdf2 = pbkdf2Keystore(secret: Keccak256.hash([7]), password: "fuzz", rounds: 2) { seeds.append(pbkdf2) }
        // The project's keystore vectors, with their passwords (most have costly KDFs: parse only).
        for file in ["KeyStoreTests_basic_tests.json", "go-ethereum-keystore_v3_test_vector.json"] {
            for (_, test) in vectors.json("EthereumKitTests/Vectors/" + file)?.objectValue ?? [] {
                add(test["json"], password: test["password"]?.stringValue)
            }
        }
        add(vectors.json("EthereumKitTests/Vectors/go-ethereum-keystore_very-light-scrypt.json"), password: "")
        add(vectors.json("EthereumKitTests/Vectors/eth-account-keystore.json"), password: "bifrost-test")
        let web3 = vectors.json("EthereumKitTests/Vectors/keystore_v3_web3_secret_storage.json")
        for (_, vector) in web3?["vectors"]?.objectValue ?? [] {
            add(vector["json"], password: web3?["password"]?.stringValue)
        }
        return seeds
    }
)

/// A PBKDF2 keystore file, which Bifrost reads but does not write, assembled from Bifrost's own
/// pieces (PBKDF2, AES-128-CTR, MAC) so that a seed reaches PBKDF2's successful decrypt.
func pbkdf2Keystore(secret: [UInt8], password: String, rounds: Int) -> [UInt8]? {
    let salt = Keccak256.hash(Array("salt".utf8))
    let iv = Array(Keccak256.hash(Array("iv".utf8)).prefix(16))
    guard let key = try? ScryptKDF.pbkdf2SHA256(password: Array(password.utf8), salt: salt, rounds: rounds, outputByteCount: 32),
          let ciphertext = try? KeystoreV3.aes128CTR(key: key, iv: iv, secret) else { return nil }
    let mac = KeystoreV3.mac(derivedKey: key, ciphertext: ciphertext)
    let json = object([
        "crypto": object([
            "cipher": .string("aes-128-ctr"),
            "cipherparams": object(["iv": .string(Hex.encode(iv, prefix: false))]),
            "ciphertext": .string(Hex.encode(ciphertext, prefix: false)),
            "kdf": .string("pbkdf2"),
            "kdfparams": object([
                "c": .number(String(rounds)), "dklen": .number("32"), "prf": .string("hmac-sha256"),
                "salt": .string(Hex.encode(salt, prefix: false)),
            ]),
            "mac": .string(Hex.encode(mac, prefix: false)),
        ]),
        "id": .string("3198bc9c-6672-5ab3-d995-4942343ae5b6"),
        "version": .number("3"),
        keystorePasswordMember: .string(password),
    ])
    return jsonBytes(json)
}
