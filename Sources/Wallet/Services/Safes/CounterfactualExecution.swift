import Networking
import SafeKit
import Storage

extension SafeRoom {
    /// Where to send `execTransaction` calls and with what: straight to a deployed Safe (one
    /// call), else to MultiSendCallOnly with the factory's deployment first, so a counterfactual
    /// Safe is deployed by the Ethereum transaction that runs its first Safe transaction.
    func deployingIfNeeded(_ safe: Safe, then execs: [[UInt8]], chain: Chain) throws -> (to: Address, data: [UInt8]) {
        guard let deployment = safe.undeployed else {
            if execs.count == 1 { return (safe.address, execs[0]) }
            return (try multiSendCallOnly(for: safe, chain: chain), try MultiSend.multiSendCall(execs.map { MultiSendCall(to: safe.address, data: $0) }))
        }
        return (try multiSendCallOnly(for: safe, chain: chain), try MultiSend.multiSendCall(try deployment.deployThen(execs, safe: safe.address)))
    }

    /// The network's MultiSendCallOnly for `safe`'s release.
    func multiSendCallOnly(for safe: Safe, chain: Chain) throws -> Address {
        let contracts = chain.network?.contracts ?? NetworkContracts()
        guard let target = contracts.set(for: safe.safeVersion ?? contracts.defaultVersion).multiSendCallOnly ?? contracts.multiSendCallOnly else {
            throw SafeError.noContracts("MultiSendCallOnly", chainID: safe.chainID)
        }
        return target
    }
}
