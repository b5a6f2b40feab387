import SafeKit

extension SafeState {
    /// The release this Safe is offered an upgrade to (`SafeUpgradePlan.offered`); nil when none.
    public var offeredUpgrade: SafeVersion? { safe.safeVersion.flatMap(SafeUpgradePlan.offered(from:)) }
}
