import CoSigningStorage
import Networking
import Services
import Storage

extension ServedEvent {
    /// The event in the official service's webhook shape.
    public var wire: ServiceWireEvent {
        var wire = ServiceWireEvent(type: kind.rawValue, address: safe, chainID: chainID)
        switch kind {
        case .messageCreated, .messageConfirmation: wire.messageHash = hash
        default: wire.safeTxHash = hash
        }
        wire.owner = owner
        wire.failed = failed
        wire.txHash = transactionHash
        wire.tokenAddress = token
        wire.value = value
        wire.tokenID = tokenID
        if kind == .reorgDetected { wire.blockNumber = block }
        return wire
    }
}
