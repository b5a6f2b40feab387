// Services is the business layer front ends talk to. The value types it takes and returns are
// EthereumKit's and SafeKit's immutable values and Storage's read-only entities, so those are
// re-exported here, the entities one by one (Entities.swift): a front end imports Services and
// reaches neither the database, nor the vault, nor a record.
@_exported import EthereumKit
@_exported import SafeKit
