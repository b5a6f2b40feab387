import ArgumentParser
import Foundation
import Services

/// The service's address and credentials.
struct ServiceOptions: ParsableArguments {
    @Option(name: .customLong("service-url"), help: ArgumentHelp("Base URL of the Transaction Service (env BIFROST_SAFE_SERVICE_URL).", valueName: "url"))
    var serviceURL: String?
    @Option(name: .customLong("api-key-file"), help: ArgumentHelp("File holding the service API key (\(SecretInput.fileRule)).", valueName: "file"))
    var apiKeyFile: String?

    func endpoint() throws -> SafeServiceEndpoint {
        guard let endpoint = try optionalEndpoint() else { throw ValidationError("give --service-url URL (or set BIFROST_SAFE_SERVICE_URL)") }
        return endpoint
    }

    /// The service, or nil when none was given.
    func optionalEndpoint() throws -> SafeServiceEndpoint? {
        guard let text = serviceURL ?? ProcessInfo.processInfo.environment["BIFROST_SAFE_SERVICE_URL"], !text.isEmpty else { return nil }
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            throw InputError(option: "--service-url", reason: "'\(text)' is not an http(s) URL")
        }
        return SafeServiceEndpoint(url: url, apiKey: try apiKeyFile.map { try SecretInput.file($0, option: "--api-key-file") })
    }
}
