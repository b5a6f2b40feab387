// Rewrites one vault secret forever, alternating two values, so a test can SIGKILL it at an
// arbitrary moment and check the file is still one whole keystore. Usage: VaultCrashProbe HOME
import EthereumKit
import Foundation
import Storage

let home = BifrostHome(url: URL(fileURLWithPath: CommandLine.arguments[1]))
let vault = KeyVault(home: home, scrypt: .light)
let secrets: [[UInt8]] = [[UInt8](repeating: 0xaa, count: 32), [UInt8](repeating: 0xbb, count: 32)]
var round = 0
while true {
    _ = try vault.store(secrets[round % 2], kind: .privateKey, name: "probe", password: "pw", address: nil)
    if round == 0 { FileHandle.standardOutput.write(Data("ready\n".utf8)) }
    round += 1
}
