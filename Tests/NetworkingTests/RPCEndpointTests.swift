import Networking
import Testing

@Suite("RPC endpoints")
struct RPCEndpointTests {
    @Test("http and https URLs with a host are accepted; anything else is a typed error")
    func validation() throws {
        #expect(try RPCEndpoint("http://127.0.0.1:8545").description == "http://127.0.0.1:8545")
        #expect(try RPCEndpoint("https://rpc.example.org/v1/key").url.host == "rpc.example.org")
        for bad in ["", "127.0.0.1:8545", "ftp://x", "http://"] {
            #expect(throws: RPCEndpointError.invalidURL(bad)) { try RPCEndpoint(bad) }
        }
    }
}
