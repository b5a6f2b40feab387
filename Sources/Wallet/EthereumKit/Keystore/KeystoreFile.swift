/// The fields of a keystore V3 file that decryption needs, read and checked from untrusted JSON.
struct KeystoreFile {
    /// How the password becomes the derived key.
    enum KDF {
        case scrypt(ScryptParameters, salt: [UInt8])
        case pbkdf2(rounds: Int, salt: [UInt8])
    }

    /// The largest PBKDF2 round count accepted from a file (64 times the wiki example's 262144).
    static let maxPBKDF2Rounds = 1 << 24
    /// The only derived-key length Bifrost accepts: AES-128 key ‖ MAC key.
    static let derivedKeyLength = 32

    let kdf: KDF
    let iv: [UInt8]
    let ciphertext: [UInt8]
    let mac: [UInt8]

    /// Parses and checks `json`: version 3, `crypto` (or old geth's `Crypto`), aes-128-ctr, scrypt
    /// or pbkdf2/hmac-sha256, dklen 32, a 16-byte IV, a 32-byte MAC and a non-empty ciphertext.
    init(json: [UInt8]) throws(KeystoreFileError) {
        let root = try Self.parseObject(json)
        guard let version = root.member("version") else { throw .invalidJSON("missing 'version'") }
        switch version {
        case .number(let t), .string(let t):
            guard t == "3" else { throw .unsupportedVersion(String(t.prefix(20))) }
        default:
            throw .invalidJSON("'version' is not a number")
        }

        let crypto = try root.object("crypto")
        let cipher = try crypto.string("cipher")
        guard cipher == "aes-128-ctr" else { throw .unsupportedCipher(String(cipher.prefix(40))) }
        iv = try crypto.object("cipherparams").hex("iv")
        guard iv.count == 16 else { throw .invalidParameters("the IV must be 16 bytes, got \(iv.count)") }
        ciphertext = try crypto.hex("ciphertext")
        guard !ciphertext.isEmpty else { throw .invalidParameters("the ciphertext is empty") }
        mac = try crypto.hex("mac")
        guard mac.count == 32 else { throw .invalidParameters("the MAC must be 32 bytes, got \(mac.count)") }

        let kdfName = try crypto.string("kdf")
        guard kdfName == "scrypt" || kdfName == "pbkdf2" else { throw .unsupportedKDF(String(kdfName.prefix(40))) }
        let params = try crypto.object("kdfparams")
        let dklen = try params.integer("dklen")
        guard dklen == Self.derivedKeyLength else { throw .invalidParameters("dklen must be 32, got \(dklen)") }
        let salt = try params.hex("salt")
        if kdfName == "scrypt" {
            let p = ScryptParameters(n: try params.integer("n"), r: try params.integer("r"), p: try params.integer("p"))
            try p.checkAcceptable()
            kdf = .scrypt(p, salt: salt)
        } else {
            let prf = try params.string("prf")
            guard prf == "hmac-sha256" else { throw .unsupportedKDF("pbkdf2 with \(prf.prefix(40))") }
            let c = try params.integer("c")
            guard c >= 1, c <= Self.maxPBKDF2Rounds else {
                throw .invalidParameters("pbkdf2 round count must be between 1 and 2^24, got \(c)")
            }
            kdf = .pbkdf2(rounds: c, salt: salt)
        }
    }

    /// The 32-byte derived key for `password` (its UTF-8 bytes).
    func deriveKey(password: [UInt8]) throws(KeystoreFileError) -> [UInt8] {
        switch kdf {
        case .scrypt(let parameters, let salt):
            return try ScryptKDF.deriveKey(password: password, salt: salt, parameters: parameters, outputByteCount: Self.derivedKeyLength)
        case .pbkdf2(let rounds, let salt):
            return try ScryptKDF.pbkdf2SHA256(password: password, salt: salt, rounds: rounds, outputByteCount: Self.derivedKeyLength)
        }
    }

    /// The top-level object of a keystore file.
    static func parseObject(_ json: [UInt8]) throws(KeystoreFileError) -> KeystoreObject {
        let value: JSONValue
        do {
            value = try JSONParser.parse(json)
        } catch {
            throw .invalidJSON(error.description)
        }
        guard let members = value.objectValue else { throw .invalidJSON("the top level is not an object") }
        return KeystoreObject(path: "", members: members)
    }
}

/// A JSON object of a keystore file. Members are looked up by exact name first, then ignoring
/// ASCII case, as geth (Go's encoding/json) and eth-keyfile do; that is how old geth files with
/// `Crypto` are read.
struct KeystoreObject {
    let path: String
    let members: [(key: String, value: JSONValue)]

    func member(_ name: String) -> JSONValue? {
        if let m = members.first(where: { $0.key == name }) { return m.value }
        let lower = name.lowercased()
        return members.first { $0.key.lowercased() == lower }?.value
    }

    private func fullName(_ name: String) -> String { path.isEmpty ? name : path + "." + name }

    private func require(_ name: String) throws(KeystoreFileError) -> JSONValue {
        guard let v = member(name) else { throw .invalidJSON("missing '\(fullName(name))'") }
        return v
    }

    func object(_ name: String) throws(KeystoreFileError) -> KeystoreObject {
        guard let m = try require(name).objectValue else { throw .invalidJSON("'\(fullName(name))' is not an object") }
        return KeystoreObject(path: fullName(name), members: m)
    }

    func string(_ name: String) throws(KeystoreFileError) -> String {
        guard let s = try require(name).stringValue else { throw .invalidJSON("'\(fullName(name))' is not a string") }
        return s
    }

    /// Bytes from a hex string (an optional `0x` is accepted).
    func hex(_ name: String) throws(KeystoreFileError) -> [UInt8] {
        let s = try string(name)
        do {
            return try Hex.decode(s)
        } catch {
            throw .invalidParameters("'\(fullName(name))' is not hex: \(error.description)")
        }
    }

    /// A non-negative integer written as a plain JSON number.
    func integer(_ name: String) throws(KeystoreFileError) -> Int {
        guard case .number(let t) = try require(name) else { throw .invalidJSON("'\(fullName(name))' is not a number") }
        guard !t.isEmpty, t.utf8.count <= 18, t.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let v = Int(t) else {
            throw .invalidParameters("'\(fullName(name))' is not a non-negative integer below 10^18: \(t.prefix(24))")
        }
        return v
    }
}
