import BigInt
import Foundation
import Networking
import Services
import Testing

/// A fresh 2-of-3 Safe on the devnet, owned by dev accounts 4, 5 and 6, funded with 10 ETH, and
/// two homes: owner 4 in the first, owners 5 and 6 in the second (as on two machines).
struct SafeFixture {
    let devnet: Devnet
    let first: TestWallet
    let second: TestWallet
    let safe: Address
    let owners: [Address]

    static let ether = BigUInt(10).power(18)

    /// `version` nil deploys the network's default release (1.4.1).
    init(devnet: Devnet, version: SafeVersion? = nil) async throws {
        self.devnet = devnet
        first = try await TestWallet(devnet: devnet)
        second = try await TestWallet(devnet: devnet)
        let o4 = try await first.importDevKey(devnet, index: 4, name: "owner4")
        let o5 = try await second.importDevKey(devnet, index: 5, name: "owner5")
        let o6 = try await second.importDevKey(devnet, index: 6, name: "owner6")
        owners = [o4, o5, o6]
        let deployment = try await first.services.dispatcher.dispatch(DeploySafe(
            keyName: "owner4", owners: owners, threshold: 2, saltNonce: BigUInt(UInt64.random(in: 0...UInt64.max)),
            version: version, chain: first.chain, wait: true, password: { "pw" }))
        safe = deployment.safe
        _ = try await first.services.dispatcher.dispatch(SendTransaction(
            keyName: "owner4", transfer: .ether(to: safe, wei: 10 * Self.ether), chain: first.chain, wait: true, password: { "pw" }))
        _ = try await second.services.dispatcher.dispatch(AddSafe(address: safe, name: "shared", chain: second.chain))
    }

    func remove() {
        first.remove()
        second.remove()
    }

    /// Proposes in the first home, signs there with owner 4, carries the file to the second home,
    /// signs with owner 5 and executes from there.
    @discardableResult
    func run(_ intent: SafeIntent) async throws -> SafeExecutionResult {
        try await signAndExecute(try await first.services.dispatcher.dispatch(ProposeSafeTransaction(safe: safe, intent: intent, chain: first.chain)))
    }

    /// Signs `entry`, stored in the first home, as `run` does, and executes it from the second home.
    func signAndExecute(_ entry: SafeTransactionEntry) async throws -> SafeExecutionResult {
        _ = try await first.services.dispatcher.dispatch(SignSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "owner4", password: { "pw" }))
        let file = try await first.services.dispatcher.dispatch(ExportSafeTransaction(safeTxHash: entry.safeTxHash))
        _ = try await second.services.dispatcher.dispatch(ImportSafeTransaction(json: file.json))
        _ = try await second.services.dispatcher.dispatch(SignSafeTransaction(safeTxHash: entry.safeTxHash, keyName: "owner5", password: { "pw" }))
        return try await second.services.dispatcher.dispatch(ExecuteSafeTransaction(
            safeTxHash: entry.safeTxHash, keyName: "owner5", chain: second.chain, wait: true, password: { "pw" }))
    }

    func info(_ wallet: TestWallet? = nil) async throws -> SafeState {
        let w = wallet ?? first
        return try await w.services.dispatcher.dispatch(SafeInfoQuery(address: safe, chain: w.chain))
    }

    func remote() throws -> EthereumRemote {
        EthereumRemote(rpc: JSONRPCClient(network: LiveNetwork.shared, endpoint: try RPCEndpoint(devnet.rpcURL)))
    }

    /// Sends the Safe `amount` of the devnet's test token from dev account 0, imported in the first home as "holder".
    func receiveTestTokens(_ amount: BigUInt) async throws {
        _ = try await first.importDevKey(devnet, index: 0, name: "holder")
        _ = try await first.services.dispatcher.dispatch(SendTransaction(
            keyName: "holder", transfer: .token(devnet.testToken, to: safe, amount: amount), chain: first.chain, wait: true, password: { "pw" }))
    }

    /// Deploys `runtime` from a fresh key the Safe funds, and answers the contract's address.
    func deploy(_ runtime: [UInt8]) async throws -> Address {
        // CODECOPY the runtime that follows these 12 bytes, and RETURN it.
        try await create([0x61, UInt8(runtime.count >> 8), UInt8(runtime.count & 0xff), 0x80, 0x60, 0x0c, 0x60, 0x00, 0x39, 0x60, 0x00, 0xf3] + runtime)
    }

    /// Runs `initCode` in a contract creation from a fresh key the Safe funds, and answers the new contract's address.
    func create(_ initCode: [UInt8]) async throws -> Address {
        let deployer = PrivateKey.generate()
        _ = try await run(.call(to: deployer.address, value: Self.ether, data: [], operation: .call))
        let remote = try remote()
        let tx = Transaction(type: .legacy, chainID: devnet.chainID, nonce: 0, gasPrice: try await remote.gasPrice() * 2,
                             gasLimit: BigUInt(300_000 + 400 * initCode.count), to: nil, value: 0, data: initCode)
        let hash = try await remote.sendRawTransaction(try tx.sign(with: deployer).raw)
        for _ in 0..<100 {
            if let receipt = try await remote.transactionReceipt(hash: hash) { return try #require(receipt.contractAddress) }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw SafeError.unknownTransaction(Hex.encode(hash))
    }
}

extension SafeFixture {
    /// `bifrost safe execute` by the real process on a terminal (script(1)), so its progress
    /// lines show, from `wallet`'s home with its key `key`.
    func executeOnTerminal(_ safeTxHash: [UInt8], in wallet: TestWallet, key: String, wait: Bool = false) async throws -> (status: Int32, out: String) {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bifrost").path
        let passwordFile = wallet.home.appendingPathComponent("password.txt")
        try "pw\n".write(to: passwordFile, atomically: true, encoding: .utf8)
        let command = "\(binary) --home \(wallet.home.path) --network devnet safe execute \(Hex.encode(safeTxHash)) --key \(key) "
            + "--password-file \(passwordFile.path)" + (wait ? " --wait" : "")
        return try await OnDevnet.ConfirmationRuleTests.bifrost(["--version"], home: wallet.home, executable: "/usr/bin/script",
                                                               arguments: ["-qec", command, "/dev/null"])
    }
}
