import ArgumentParser
import Services

/// `bifrost tx list`.
struct TxListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "The transactions Bifrost sent, newest first (local history).")
    @Option(help: "Only those sent by this vault key.")
    var key: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let services = try global.services()
        let from = if let key { try await services.dispatcher.dispatch(FindKey(name: key)).address } else { Address?.none }
        let list = try await services.dispatcher.dispatch(ListTransactions(from: from))
        if global.json {
            global.output.emit([("transactions", try Output.json(list.map(SentTransactionView.init)))])
            return
        }
        if list.isEmpty { Console.current.note("No transactions yet.") }
        for t in list {
            let what = t.token.map { "token \($0.checksummed) amount \(t.tokenAmount ?? 0)" } ?? "\(EtherAmount(wei: t.value).exact(in: .ether)) ETH"
            Console.current.out("\(Hex.encode(t.hash))  \(t.status.rawValue)  nonce \(t.nonce)  → \(t.to?.checksummed ?? "-")  \(what)")
        }
    }
}
