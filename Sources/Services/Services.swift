// Services is the business layer front ends talk to. The value types it takes and returns are
// EthereumKit's and SafeKit's immutable values and Storage's read-only entities (Account), so they are
// re-exported here: a front end imports Services and nothing below it.
@_exported import EthereumKit
@_exported import SafeKit
@_exported import Storage
