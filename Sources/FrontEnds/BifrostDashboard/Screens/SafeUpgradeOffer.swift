import AppCore

/// The line in a Safe's setup that offers its upgrade, where one exists: a link that opens the
/// upgrade's draft review (stored nowhere until proposed).
enum SafeUpgradeOffer {
    static func render(_ state: SafeState) -> HTML {
        guard let to = state.offeredUpgrade else { return .empty }
        return """
        <p id="upgrade">Safe \(state.safe.version) can be upgraded to \(to.rawValue) (singleton and fallback handler, in one transaction). \
        <a class="button secondary" href="/safes/\(state.safe.address.checksummed)/upgrade/\(to.rawValue)">Review the upgrade</a></p>
        """
    }
}
