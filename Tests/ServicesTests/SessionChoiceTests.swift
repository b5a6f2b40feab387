import Foundation
import Services
import Testing

/// Every front end chooses the home and the chain through `SessionChoice`, so these rules hold for all.
@Suite("Session: choosing the home and the chain")
struct SessionChoiceTests {
    @Test("the home: an option beats BIFROST_HOME, which beats XDG_DATA_HOME, which beats ~/.local/share")
    func home() {
        let env = ["BIFROST_HOME": "/b", "XDG_DATA_HOME": "/x", "HOME": "/h"]
        #expect(SessionChoice(home: "/o", environment: env).bifrostHome.url.path == "/o")
        #expect(SessionChoice(environment: env).bifrostHome.url.path == "/b")
        #expect(SessionChoice(environment: ["BIFROST_HOME": "", "XDG_DATA_HOME": "/x", "HOME": "/h"]).bifrostHome.url.path == "/x/bifrost")
        #expect(SessionChoice(environment: ["HOME": "/h"]).bifrostHome.url.path == "/h/.local/share/bifrost")
    }

    @Test("the chain: options beat the environment, an empty variable is unset, nothing given is the current network")
    func chain() {
        let env = ["BIFROST_RPC_URL": "http://e:1", "BIFROST_NETWORK": "envnet"]
        #expect(SessionChoice(rpcURL: "http://o:1", network: "optnet", environment: env).chain
            == ChainSelection(rpcURL: "http://o:1", networkName: "optnet"))
        #expect(SessionChoice(environment: env).chain == ChainSelection(rpcURL: "http://e:1", networkName: "envnet"))
        #expect(SessionChoice(environment: ["BIFROST_RPC_URL": "", "BIFROST_NETWORK": ""]).chain == ChainSelection())
    }

    @Test("the fiat currency: the option beats BIFROST_FIAT, which beats usd; lowercase; an empty value is unset; a session carries it")
    func currency() throws {
        #expect(SessionChoice(fiat: "EUR", environment: ["BIFROST_FIAT": "chf"]).currency == "eur")
        #expect(SessionChoice(environment: ["BIFROST_FIAT": "CHF"]).currency == "chf")
        #expect(SessionChoice(fiat: "", environment: ["BIFROST_FIAT": ""]).currency == "usd")
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-fiat-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let session = try Session.open(SessionChoice(home: home.path, environment: ["BIFROST_FIAT": "gbp"]))
        #expect(session.fiat == "gbp" && session.pricing(in: "JPY").fiat == "jpy")
    }

    @Test("the Ledger's place: the option beats BIFROST_LEDGER; absent or empty is USB (nil)")
    func ledger() {
        #expect(SessionChoice(ledger: "tcp:127.0.0.1:9999", environment: ["BIFROST_LEDGER": "hid"]).ledgerEndpoint == "tcp:127.0.0.1:9999")
        #expect(SessionChoice(environment: ["BIFROST_LEDGER": "tcp:127.0.0.1:9999"]).ledgerEndpoint == "tcp:127.0.0.1:9999")
        #expect(SessionChoice(ledger: "", environment: ["BIFROST_LEDGER": ""]).ledgerEndpoint == nil)
        #expect(SessionChoice(environment: [:]).ledgerEndpoint == nil)
    }

    @Test("the light KDF only with BIFROST_INSECURE_LIGHT_KDF=1")
    func lightKDF() {
        #expect(SessionChoice(environment: ["BIFROST_INSECURE_LIGHT_KDF": "1"]).lightKDF)
        #expect(!SessionChoice(environment: ["BIFROST_INSECURE_LIGHT_KDF": "true"]).lightKDF)
        #expect(!SessionChoice(environment: [:]).lightKDF)
    }

    @Test("opening a session opens the database in the chosen home and keeps the chosen chain")
    func open() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-session-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let session = try Session.open(SessionChoice(home: home.path, network: "local", environment: [:]))
        #expect(session.home.url.path == home.path)
        #expect(session.services.home == session.home)
        #expect(session.chain == ChainSelection(networkName: "local"))
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("bifrost.sqlite").path))
        #expect(try await session.services.dispatcher.dispatch(ListKeys()).isEmpty)
    }
}
