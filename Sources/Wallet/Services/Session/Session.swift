import Networking
import Storage

/// A front end's working session: the home and chain it chose, and the services open on that
/// home. The CLI, AppCore's live dependencies, the dashboard and the server all start here.
public struct Session: Sendable {
    /// The data directory in use.
    public let home: BifrostHome
    /// The chain commands talk to unless they are told otherwise.
    public let chain: ChainSelection
    /// The services on `home`.
    public let services: AppServices
    /// The Transaction Service the owners meet at, when the front end was given one.
    public private(set) var service: SafeServiceEndpoint?
    /// The fiat currency values are shown in (lowercase, such as usd).
    public private(set) var fiat = "usd"

    /// Resolves `choice` and opens the services on its home; the key store's notices go to
    /// `keyNotices`, and what a hardware wallet is about to be asked to `devicePrompts`.
    public static func open(_ choice: SessionChoice, http: any Networking.Network = ProcessDefaults.network,
                            keyNotices: KeyNotices = .silent, devicePrompts: DevicePrompts = .silent) throws -> Session {
        let home = choice.bifrostHome
        let services = try AppServices.open(home: home, lightKDF: choice.lightKDF, http: http, keyNotices: keyNotices,
                                            devicePrompts: devicePrompts, ledger: .at(choice.ledgerEndpoint))
        var session = Session(home: home, chain: choice.chain, services: services)
        session.fiat = choice.currency
        return session
    }

    /// A session on services already open, for a front end that holds one home and several chains.
    public init(services: AppServices, chain: ChainSelection) {
        self.init(home: services.home, chain: chain, services: services)
    }

    /// The same session, meeting the other owners at `service`.
    public func meeting(at service: SafeServiceEndpoint?) -> Session {
        var copy = self
        copy.service = service
        return copy
    }

    /// The same session, showing values in `fiat`.
    public func pricing(in fiat: String) -> Session {
        var copy = self
        copy.fiat = fiat.lowercased()
        return copy
    }

    private init(home: BifrostHome, chain: ChainSelection, services: AppServices) {
        self.home = home
        self.chain = chain
        self.services = services
    }
}
