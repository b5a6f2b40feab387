extension SafeDetail {
    /// What the Transaction Service the session meets at added to a Safe's home, or why it could
    /// not be read; each front end words it.
    public struct ServiceNote: Equatable, Sendable {
        /// How many of the service's transactions are pending here, and how many were set aside
        /// because they do not verify.
        public struct Listed: Equatable, Sendable {
            public var pending: Int
            public var setAside: Int
            public init(pending: Int, setAside: Int) {
                self.pending = pending
                self.setAside = setAside
            }
        }

        /// The service's host, as the person gave it.
        public var host: String
        /// Its transactions as listed, or why they could not be read.
        public var transactions: Result<Listed, FeatureError>
        /// How many of its message entries were set aside (they do not verify), or why they could not be read.
        public var messagesSetAside: Result<Int, FeatureError>

        public init(host: String, transactions: Result<Listed, FeatureError>, messagesSetAside: Result<Int, FeatureError>) {
            self.host = host
            self.transactions = transactions
            self.messagesSetAside = messagesSetAside
        }
    }
}
