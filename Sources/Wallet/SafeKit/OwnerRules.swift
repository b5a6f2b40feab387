import BigInt
import EthereumKit

/// The Safe's own rules for owners and thresholds, checked before a transaction is proposed so a
/// mistake is caught locally rather than as a revert after the owners signed.
public enum OwnerRules {
    /// Owners must be distinct real addresses and the threshold between 1 and their count.
    public static func validate(owners: [Address], threshold: BigUInt) throws(SafeKitError) {
        var seen = Set<Address>()
        for owner in owners {
            guard owner != .zero, owner != SafeContract.sentinel else { throw .invalidOwner(owner) }
            guard seen.insert(owner).inserted else { throw .duplicateOwner(owner) }
        }
        try checkThreshold(threshold, ownerCount: owners.count)
    }

    /// A threshold is valid for `ownerCount` owners when it is in 1…ownerCount.
    public static func checkThreshold(_ threshold: BigUInt, ownerCount: Int) throws(SafeKitError) {
        guard threshold >= 1, threshold <= BigUInt(max(ownerCount, 0)) else {
            throw .thresholdOutOfRange(threshold: threshold, owners: ownerCount)
        }
    }

    /// The owner before `owner` in the Safe's linked list. `getOwners()` lists owners in list
    /// order starting after the sentinel, so the first owner's predecessor is the sentinel.
    public static func previousOwner(of owner: Address, in owners: [Address]) throws(SafeKitError) -> Address {
        guard let index = owners.firstIndex(of: owner) else { throw .notAnOwner(owner) }
        return index == 0 ? SafeContract.sentinel : owners[index - 1]
    }
}
