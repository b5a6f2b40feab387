// Services is the business layer front ends talk to. The value types it takes and returns are
// EthereumKit's immutable entities, so they are re-exported here rather than imported again.
@_exported import EthereumKit
