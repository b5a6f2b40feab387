import CoSigningStorage
import Foundation

/// Tries once to become the one follower of the store's chain among the servers sharing its
/// database; nil while another leads. A server follows only while it holds the lead.
public struct LeadFollowing: CoSigningAction {
    public init() {}
    public func perform(on store: CoSigningStore) async throws -> (any FollowerLead)? {
        try await store.storage.leadFollowing(chainID: try await store.chainID())
    }
}

