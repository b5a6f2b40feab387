extension SafeTx {
    /// Whether this is a rejection: an empty call from the Safe to itself, which only uses up its nonce.
    public var isRejection: Bool { to == safe && value == 0 && data.isEmpty && operation == .call }
}
