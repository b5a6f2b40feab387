import EthereumKit
import Networking
import Foundation

extension MockNetwork {
    /// A mock loaded with the `*.json` files in `subdirectory` of `bundle` (see `loadFixtures(from:)`).
    public convenience init(bundle: Bundle, subdirectory: String = "Fixtures") throws {
        self.init()
        guard let directory = bundle.url(forResource: subdirectory, withExtension: nil) else {
            throw FixtureError.missing(subdirectory)
        }
        try loadFixtures(from: directory)
    }

    /// Loads every `*.json` file in `directory` as a fixture named after the file (`eth_call.revert.json`
    /// is `eth_call.revert`). A fixture that is a JSON-RPC answer (`{"jsonrpc", "result" | "error"}`) and
    /// is named after a method (`eth_chainId.json`) answers that method straight away; other fixtures
    /// are used through `register(method:fixture:)` or `register(path:fixture:)`.
    public func loadFixtures(from directory: URL) throws {
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        for file in files where file.pathExtension == "json" {
            let name = file.deletingPathExtension().lastPathComponent
            try addFixture(named: name, json: [UInt8](Data(contentsOf: file)))
        }
    }

    /// Adds a fixture given inline, with the same naming rules as files.
    public func addFixture(named name: String, json: String) throws(FixtureError) {
        try addFixture(named: name, json: Array(json.utf8))
    }

    private func addFixture(named name: String, json bytes: [UInt8]) throws(FixtureError) {
        let value: JSONValue
        do { value = try JSONParser.parse(bytes) } catch {
            throw .malformed(name, reason: error.description)
        }
        state.withLock { $0.fixtures[name] = bytes }
        if !name.contains("."), let answer = Self.rpcAnswer(from: value) {
            register(method: name, answers: [answer])
        }
    }

    /// The fixture `name` parsed, or nil when there is none.
    public func fixture(_ name: String) -> JSONValue? {
        guard let bytes = state.withLock({ $0.fixtures[name] }) else { return nil }
        return try? JSONParser.parse(bytes)
    }

    /// `method` answers with the JSON-RPC answer in fixture `name` (its result or error, with the caller's id).
    public func register(method: String, fixture name: String) throws(FixtureError) {
        guard let value = fixture(name) else { throw .missing(name) }
        guard let answer = Self.rpcAnswer(from: value) else {
            throw .malformed(name, reason: "not a JSON-RPC answer with a result or an error")
        }
        register(method: method, answers: [answer])
    }

    /// Requests to `path` get the bytes of fixture `name` as they are.
    public func register(path: String, httpMethod: String? = nil, status: Int = 200, fixture name: String) throws(FixtureError) {
        guard let bytes = state.withLock({ $0.fixtures[name] }) else { throw .missing(name) }
        register(path: path, httpMethod: httpMethod, status: status, body: bytes)
    }

    /// Every following request gets fixture `name` as its raw body (e.g. a whole batch answer).
    public func respond(status: Int = 200, fixture name: String) throws(FixtureError) {
        guard let bytes = state.withLock({ $0.fixtures[name] }) else { throw .missing(name) }
        respond(status: status, body: String(decoding: bytes, as: UTF8.self))
    }

    /// The result or error of a JSON-RPC answer object.
    static func rpcAnswer(from value: JSONValue) -> RPCAnswer? {
        guard case .object = value, value["jsonrpc"] != nil else { return nil }
        if let error = value["error"], error != .null {
            guard case .rpc(let code, let message, let data) = JSONRPCMessage.rpcError(error) else { return nil }
            return .error(code: code, message: message, data: data)
        }
        return value["result"].map(RPCAnswer.result)
    }
}
