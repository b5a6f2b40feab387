import Storage

/// The deployments file a network is added with (`bifrost network add --deployments FILE`,
/// `DeploymentsFile(json:)`). The reader is strict by design; what parses must hold only
/// well-formed addresses, and parsing is deterministic.
let deploymentsTarget = FuzzTarget(
    name: "deployments",
    summary: "DeploymentsFile(json:) (strict keys, chain ID, every address) on fuzzed JSON",
    run: { bytes in
        guard let file = try? DeploymentsFile(json: bytes) else { return false }
        let contracts = file.contracts
        let addresses = [contracts.safeSingleton, contracts.safeProxyFactory, contracts.fallbackHandler,
                         contracts.multiSend, contracts.multiSendCallOnly, contracts.testToken].compactMap { $0 }
        for address in addresses { require(address.bytes.count == 20, "a parsed contract address is not 20 bytes") }
        require((try? DeploymentsFile(json: bytes)) == file, "parsing the same deployments file twice differs")
        return true
    },
    seeds: { _ in
        [
            // As scripts/devnet writes it.
            #"{"chainId":31337,"rpcUrl":"http://127.0.0.1:8545","deployer":"0x90F79bf6EB2c4f870365E785982E1f101E93b906","accounts":[{"address":"0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266","privateKey":"0x00"}],"contracts":{"safeSingleton":"0x29fcB43b46531BcA003ddC8FCB67FFE91900C762","safeProxyFactory":"0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67","safeVersion":"1.4.1"}}"#,
            #"{"chainId":"1","contracts":{"fallbackHandler":"0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99","multiSend":"0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526","multiSendCallOnly":"0x9641d764fc13c8B624c04430C7356C1C7C8102e2","testToken":"0x58c1c343c185aa5cd3c2cc1c2b7d7bd055f1bf98"}}"#,
            #"{"chainId":"0x7a69","contracts":{"safeVersion":"9.9.9"}}"#,
            #"{"chainId":1,"contracts":{},"accounts":[]}"#,
            #"{}"#,
        ].map { Array($0.utf8) }
    }
)
