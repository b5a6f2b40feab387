import BigInt
import Networking
import SafeKit

/// The one gate a proposal passes on its way into a co-signing server: `SafeProposalPolicy` over
/// the transaction as decoded with the network's trusted delegatecall targets, and over the Safe's
/// state before and after its call, read in one round trip.
public enum SafeProposalCheck {
    /// Why `tx` of a Safe owned by `owners` may not be proposed on `chain` under `policy`; empty when it may.
    public static func breaches(of tx: SafeTx, owners: [Address], chain: Chain,
                                policy: SafeProposalPolicy) async -> [SafeProposalPolicy.Breach] {
        let call = decoder(for: chain, policy: policy).decode(tx)
        let reading = await SafeEffectReading.read(tx, call: call, chain: chain, names: names(of: chain), events: nil)
        return policy.breaches(of: tx, call: call, before: reading.before, after: reading.after, owners: owners)
    }

    /// The decoder trusting the network's MultiSends, SignMessageLibs and migrations, and the policy's own.
    static func decoder(for chain: Chain, policy: SafeProposalPolicy) -> CallDecoder {
        CallDecoder(trusting: (chain.network?.contracts.allDelegates ?? []) + policy.allowedDelegates)
    }

    /// Names for the network's Safe contracts, so a changed singleton reads as a release.
    static func names(of chain: Chain) -> SafeContractNames {
        guard let contracts = chain.network?.contracts else { return SafeContractNames([:]) }
        return SafeContractNames(Dictionary(uniqueKeysWithValues: SafeVersion.allCases.map { ($0, contracts.set(for: $0)) }))
    }
}
