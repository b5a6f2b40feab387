import ArgumentParser
import Services

extension TokenVisibilityCommand {
    func run() async throws {
        let t = try await global.services().dispatcher.dispatch(SetTokenHidden(address: address.address, hidden: Self.hides, chain: global.chain))
        if global.json { try global.output.emit(view: TokenView(t)) } else {
            Console.current.out("\(UntrustedText.visible(t.symbol)) at \(t.address.checksummed) is \(Self.hides ? "hidden from" : "shown in") balances")
        }
    }
}
