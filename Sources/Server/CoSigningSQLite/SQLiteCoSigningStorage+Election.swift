import BigInt
import CoSigningStorage
import Storage

// A SQLite file is one process's: that process always follows its chains.
extension SQLiteCoSigningStorage {
    public func leadFollowing(chainID: BigUInt) async throws(StorageError) -> (any FollowerLead)? { SoleFollowerLead() }
}
