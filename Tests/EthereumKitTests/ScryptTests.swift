@testable import EthereumKit
import TestSupport
import Foundation
import Testing

/// The scrypt behind keystore files: the Swift fallback against RFC 7914's vectors and against
/// BoringSSL, the choice of backend, and the limits on parameters read from files.
@Suite("scrypt")
struct ScryptTests {
    struct RFCVector: Sendable, CustomStringConvertible {
        let password: String
        let salt: String
        let n: Int
        let r: Int
        let p: Int
        let derived: String
        var description: String { "N=\(n) r=\(r) p=\(p)" }
    }

    /// RFC 7914 section 12 (dkLen 64), also reproduced with Python's hashlib.scrypt (OpenSSL).
    static let rfc7914: [RFCVector] = [
        RFCVector(password: "", salt: "", n: 16, r: 1, p: 1,
                  derived: "77d6576238657b203b19ca42c18a0497f16b4844e3074ae8dfdffa3fede21442fcd0069ded0948f8326a753a0fc81f17e8d3e0fb2e0d3628cf35e20c38d18906"),
        RFCVector(password: "password", salt: "NaCl", n: 1024, r: 8, p: 16,
                  derived: "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b3731622eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640"),
        RFCVector(password: "pleaseletmein", salt: "SodiumChloride", n: 16384, r: 8, p: 1,
                  derived: "7023bdcb3afd7348461c06cd81fd38ebfda8fbba904f8e3ea9b543f6545da1f2d5432955613f0fcf62d49705242a9af9e61e85dc0d651e40dfcf017b45575887"),
    ]

    /// The fourth RFC vector needs a 1 GiB table; it runs only with BIFROST_SLOW_TESTS=1.
    static let rfc7914Large = RFCVector(password: "pleaseletmein", salt: "SodiumChloride", n: 1 << 20, r: 8, p: 1,
                                        derived: "2101cb9b6a511aaeaddbbe09cf70f881ec568d574a2ffd4dabe5ee9820adaa478e56fd8f4ba5d09ffa1c6d927c40f4c337304049e8a952fbcbf45c6fa77a41a4")

    static func run(_ v: RFCVector, _ backend: ScryptKDF.Backend) throws -> [UInt8] {
        let parameters = ScryptParameters(n: v.n, r: v.r, p: v.p)
        switch backend {
        case .swift:
            return try SwiftScrypt.deriveKey(password: Array(v.password.utf8), salt: Array(v.salt.utf8), parameters: parameters, outputByteCount: 64)
        case .boringSSL:
            return try ScryptKDF.boringSSL(password: Array(v.password.utf8), salt: Array(v.salt.utf8), parameters: parameters, outputByteCount: 64)
        }
    }

    @Test("given RFC 7914's test vectors 1-3, when derived with the Swift scrypt, then the keys match", arguments: rfc7914)
    func swiftScryptMatchesRFC(_ v: RFCVector) throws {
        #expect(try Self.run(v, .swift) == (try Hex.decode(v.derived)))
    }

    @Test("given RFC 7914's test vectors 1-3, when derived with BoringSSL, then the keys match", arguments: rfc7914)
    func boringSSLMatchesRFC(_ v: RFCVector) throws {
        #expect(try Self.run(v, .boringSSL) == (try Hex.decode(v.derived)))
    }

    @Test("given RFC 7914's vector 4 (N=2^20, 1 GiB), when derived by both backends, then the keys match",
          .enabled(if: ProcessInfo.processInfo.environment["BIFROST_SLOW_TESTS"] == "1"))
    func rfcVector4Slow() throws {
        #expect(try Self.run(Self.rfc7914Large, .boringSSL) == (try Hex.decode(Self.rfc7914Large.derived)))
        #expect(try Self.run(Self.rfc7914Large, .swift) == (try Hex.decode(Self.rfc7914Large.derived)))
    }

    @Test("given random passwords, salts and in-limit parameters, when derived by both backends, then they agree")
    func swiftAgreesWithBoringSSL() throws {
        var rng = SplitMix64(seed: 0x5c_2791)
        let shapes = [(2, 1, 1), (4, 1, 3), (16, 2, 1), (64, 3, 2), (256, 8, 1), (512, 4, 2), (1024, 1, 1), (8, 16, 1)]
        for (n, r, p) in shapes {
            let password = (0..<Int.random(in: 0...40, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let salt = (0..<Int.random(in: 0...48, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let dkLen = [16, 32, 33, 64, 100][Int.random(in: 0...4, using: &rng)]
            let parameters = ScryptParameters(n: n, r: r, p: p)
            #expect(parameters.isWithinRFC7914)
            let boring = try ScryptKDF.boringSSL(password: password, salt: salt, parameters: parameters, outputByteCount: dkLen)
            let swift = try SwiftScrypt.deriveKey(password: password, salt: salt, parameters: parameters, outputByteCount: dkLen)
            #expect(swift == boring, "N=\(n) r=\(r) p=\(p)")
        }
    }

    @Test("given in-limit parameters that BoringSSL's default memory cap refuses on 4 KiB pages (r=32, p=1), when derived, then ScryptKDF falls back to Swift")
    func fallbackWhenBoringSSLRefusesMemory() throws {
        let parameters = ScryptParameters(n: 4, r: 32, p: 1)
        #expect(parameters.isWithinRFC7914)
        let password = Array("pw".utf8), salt = Array("salt".utf8)
        let derived = try ScryptKDF.deriveKey(password: password, salt: salt, parameters: parameters, outputByteCount: 32)
        #expect(derived == (try SwiftScrypt.deriveKey(password: password, salt: salt, parameters: parameters, outputByteCount: 32)))
        // Reproduced with Python: hashlib.scrypt(b"pw", salt=b"salt", n=4, r=32, p=1, dklen=32).
        #expect(Hex.encode(derived, prefix: false) == Self.hashlibR32)
    }

    static let hashlibR32 = "5fee847647861d6af037e52c13652b9587841b58f6dc06881f7d6bd1b4110a79"

    @Test("given the legacy wiki parameters (N=2^18, r=1, p=8), then they are acceptable to read, beyond RFC 7914, refused by BoringSSL, and routed to Swift")
    func legacyParametersRouting() {
        let legacy = ScryptParameters(n: 1 << 18, r: 1, p: 8)
        #expect(throws: Never.self) { try legacy.checkAcceptable() }
        #expect(!legacy.isWithinRFC7914)
        #expect(ScryptKDF.preferredBackend(for: legacy) == .swift)
        #expect(throws: KeystoreFileError.self) {
            try ScryptKDF.boringSSL(password: [1], salt: [2], parameters: legacy, outputByteCount: 32)
        }
        #expect(throws: KeystoreFileError.self) { try legacy.checkWritable() }
        // r=1 is fine while N < 2^16.
        #expect(ScryptParameters(n: 1 << 15, r: 1, p: 8).isWithinRFC7914)
        #expect(!ScryptParameters(n: 1 << 16, r: 1, p: 8).isWithinRFC7914)
        #expect(ScryptParameters(n: 1 << 22, r: 2, p: 1).isWithinRFC7914)
    }

    @Test("given .standard and .light, then they are writable and go to BoringSSL")
    func presets() throws {
        #expect(ScryptParameters.standard == ScryptParameters(n: 262_144, r: 8, p: 1))
        #expect(ScryptParameters.light == ScryptParameters(n: 4096, r: 8, p: 1))
        for preset in [ScryptParameters.standard, .light] {
            try preset.checkWritable()
            #expect(ScryptKDF.preferredBackend(for: preset) == .boringSSL)
        }
    }

    @Test("given absurd parameters, then checkAcceptable refuses them with invalidParameters")
    func limits() {
        let refused = [
            ScryptParameters(n: 0, r: 8, p: 1), ScryptParameters(n: 1, r: 8, p: 1), ScryptParameters(n: 3, r: 8, p: 1),
            ScryptParameters(n: -4, r: 8, p: 1), ScryptParameters(n: 1 << 23, r: 1, p: 1), ScryptParameters(n: 1024, r: 0, p: 1),
            ScryptParameters(n: 1024, r: 8, p: 0), ScryptParameters(n: 1024, r: -1, p: 1), ScryptParameters(n: 2, r: 1025, p: 1),
            ScryptParameters(n: 2, r: 32, p: 33), ScryptParameters(n: 1 << 21, r: 8, p: 1),  // 2 GiB table
            ScryptParameters(n: 1 << 22, r: 1, p: 17),  // work above 2^26
            ScryptParameters(n: Int.max, r: Int.max, p: Int.max),
        ]
        for parameters in refused {
            do {
                try parameters.checkAcceptable()
                Issue.record("accepted \(parameters)")
            } catch {
                guard case .invalidParameters = error else { Issue.record("\(parameters): \(error)"); continue }
            }
        }
        let accepted = [
            ScryptParameters(n: 2, r: 8, p: 1), .light, .standard, ScryptParameters(n: 1 << 18, r: 1, p: 8),
            ScryptParameters(n: 1 << 20, r: 8, p: 1), ScryptParameters(n: 1 << 22, r: 1, p: 16), ScryptParameters(n: 1024, r: 4, p: 2),
        ]
        for parameters in accepted {
            #expect(throws: Never.self, "\(parameters)") { try parameters.checkAcceptable() }
        }
    }
}
