import BigInt
import Storage

/// Which server follows a chain when several share one database: one at a time, elected through
/// the database, so the chain is read once and its events announced once.
public protocol FollowerElection: Sendable {
    /// Tries once to become the one follower of `chainID`; nil while another server leads it.
    func leadFollowing(chainID: BigUInt) async throws(StorageError) -> (any FollowerLead)?
}

/// A server's lead of one chain's following, held until it resigns or its hold on the database
/// ends (its process dies, its connection drops), when another server may take over.
public protocol FollowerLead: Sendable {
    /// Whether the lead still holds: false once the database no longer keeps it for this server.
    func holds() async -> Bool
    /// Gives up the lead, for another server to take at once.
    func resign() async
}

/// The lead of a database only one process opens (SQLite's): it always holds.
public struct SoleFollowerLead: FollowerLead {
    /// The lead.
    public init() {}
    public func holds() async -> Bool { true }
    public func resign() async {}
}
