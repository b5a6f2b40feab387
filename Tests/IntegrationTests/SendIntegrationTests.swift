import BigInt
import Foundation
import Networking
import Services
import Testing

/// Real transactions on the local chain. Each test uses its own dev account so they can share one chain.
extension OnDevnet {
    @Suite("Integration: sends on the local chain")
    struct SendIntegrationTests {
        let devnet = Devnet.shared!

        func balance(_ wallet: TestWallet, _ address: Address, tokens: [Address] = []) async throws -> Balances {
            try await wallet.services.dispatcher.dispatch(FetchBalances(address: address, tokens: tokens, chain: wallet.chain))
        }

        @Test("an ETH transfer moves exactly value + gasUsed × effectiveGasPrice out of the sender, and value into the recipient")
        func etherTransferAccounting() async throws {
            let wallet = try await TestWallet(devnet: devnet)
            defer { wallet.remove() }
            let sender = try await wallet.importDevKey(devnet, index: 1, name: "one")
            let recipient = PrivateKey.generate().address
            let before = try await balance(wallet, sender).ether.wei
            let value = BigUInt(1_234_567_890_123_456_789)
            let result = try await wallet.services.dispatcher.dispatch(SendTransaction(
                keyName: "one", transfer: .ether(to: recipient, wei: value), chain: wallet.chain, wait: true, password: { "pw" }))
            let t = result.transaction
            #expect(t.status == .success)
            let gasUsed = try #require(t.gasUsed)
            let price = try #require(t.effectiveGasPrice)
            #expect(gasUsed == 21_000)
            let after = try await balance(wallet, sender).ether.wei
            #expect(before - after == value + gasUsed * price)
            #expect(try await balance(wallet, recipient).ether.wei == value)
            let stored = try await wallet.services.dispatcher.dispatch(ListTransactions(from: sender))
            #expect(stored.map(\.hash) == [t.hash])
            #expect(stored.first?.status == .success)
        }

        @Test("two sends in a row get consecutive nonces")
        func consecutiveNonces() async throws {
            let wallet = try await TestWallet(devnet: devnet)
            defer { wallet.remove() }
            _ = try await wallet.importDevKey(devnet, index: 2, name: "two")
            let to = PrivateKey.generate().address
            var nonces = [BigUInt]()
            for _ in 0..<2 {
                let r = try await wallet.services.dispatcher.dispatch(SendTransaction(
                    keyName: "two", transfer: .ether(to: to, wei: 1), chain: wallet.chain, wait: false, password: { "pw" }))
                nonces.append(r.transaction.nonce)
            }
            #expect(nonces[1] == nonces[0] + 1)
        }

        @Test("an ERC-20 transfer moves the tokens, and token balances come in one round trip")
        func tokenTransfer() async throws {
            let wallet = try await TestWallet(devnet: devnet)
            defer { wallet.remove() }
            let holder = try await wallet.importDevKey(devnet, index: 0, name: "zero")
            let recipient = PrivateKey.generate().address
            let token = try await wallet.services.dispatcher.dispatch(AddToken(address: devnet.testToken, chain: wallet.chain))
            #expect(token.decimals == 18)
            let before = try await balance(wallet, holder, tokens: [devnet.testToken]).tokens[0].raw
            let amount = BigUInt(12_500_000_000_000_000_000)
            let result = try await wallet.services.dispatcher.dispatch(SendTransaction(
                keyName: "zero", transfer: .token(devnet.testToken, to: recipient, amount: amount), chain: wallet.chain,
                wait: true, password: { "pw" }))
            #expect(result.transaction.status == .success)
            #expect(try await balance(wallet, holder, tokens: [devnet.testToken]).tokens[0].raw == before - amount)
            wallet.http.reset()
            let many = try await balance(wallet, recipient, tokens: Array(repeating: devnet.testToken, count: 100))
            #expect(wallet.http.roundTrips == 1)
            #expect(many.tokens.count == 100)
            #expect(many.tokens.allSatisfy { $0.raw == amount && $0.symbol == token.symbol })
        }

        @Test("insufficient funds is refused before anything is signed or broadcast")
        func insufficientFunds() async throws {
            let wallet = try await TestWallet(devnet: devnet)
            defer { wallet.remove() }
            let poor = PrivateKey.generate()
            _ = try await wallet.services.keys.importPrivateKey(name: "poor", key: poor, password: "pw")
            await #expect(throws: ChainError.self) {
                _ = try await wallet.services.dispatcher.dispatch(SendTransaction(
                    keyName: "poor", transfer: .ether(to: devnet.accounts[0].address, wei: 1), chain: wallet.chain,
                    wait: false, password: { Issue.record("must not ask for the password"); return "pw" }))
            }
            #expect(try await wallet.services.dispatcher.dispatch(ListTransactions(from: poor.address)).isEmpty)
        }

        @Test("a chain-ID mismatch is refused before signing")
        func chainIDMismatch() async throws {
            let wallet = try await TestWallet(devnet: devnet)
            defer { wallet.remove() }
            _ = try await wallet.importDevKey(devnet, index: 3, name: "three")
            _ = try await wallet.services.dispatcher.dispatch(AddNetwork(name: "wrong", rpcURL: devnet.rpcURL, chainID: 1, deployments: nil))
            do {
                _ = try await wallet.services.dispatcher.dispatch(SendTransaction(
                    keyName: "three", transfer: .ether(to: devnet.accounts[0].address, wei: 1), chain: ChainSelection(networkName: "wrong"),
                    wait: false, password: { "pw" }))
                Issue.record("expected a chain ID mismatch")
            } catch let error as ChainError {
                #expect(error == .chainIDMismatch(network: "wrong", expected: 1, actual: devnet.chainID))
            }
        }
    }
}
