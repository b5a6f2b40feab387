// Issue 3's key benchmarks, timed here and printed as one JSON object for Benchmarks/keys:
// mnemonic → seed → 100 addresses, keystore V3 decrypt at the standard cost, and bare scrypt at
// the same parameters (the floor a decrypt cannot beat).
import _CryptoExtras
import EthereumKit
import Foundation

func median(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var times = [Double]()
    for _ in 0..<runs {
        let start = ContinuousClock.now
        try body()
        let d = ContinuousClock.now - start
        times.append(Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18)
    }
    return times.sorted()[times.count / 2]
}

let phrase = "test test test test test test test test test test test junk"
var sink = 0
let addresses = try median(15) {
    let seed = try Mnemonic(phrase: phrase).seed()
    let parent = try ExtendedKey.master(seed: seed).derive(DerivationPath("m/44'/60'/0'/0"))
    for i in 0..<100 { sink &+= Int(try parent.child(UInt32(i)).publicKey.address.bytes[0]) }
}

let key = PrivateKey.generate()
let file = try KeystoreV3.encrypt(secret: key.exportBytes(), password: "bench", scrypt: .standard, address: key.address)
try Data(file).write(to: URL(fileURLWithPath: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "/tmp/bifrost-bench-keystore.json"))
let decrypt = try median(5) { sink &+= Int(try KeystoreV3.decrypt(json: file, password: "bench")[0]) }
let salt = [UInt8](repeating: 7, count: 32)
let scrypt = try median(5) {
    let k = try KDF.Scrypt.deriveKey(from: Array("bench".utf8), salt: salt, outputByteCount: 32,
                                     rounds: 1 << 18, blockSize: 8, parallelism: 1, maxMemory: 1 << 30)
    sink &+= k.withUnsafeBytes { Int($0[0]) }
}
print("{\"addresses100_s\":\(addresses),\"keystore_decrypt_s\":\(decrypt),\"bare_scrypt_s\":\(scrypt),\"sink\":\(sink & 1)}")
