import BigInt
import EthereumKit
import SafeKit
import Testing

/// The CREATE2 address of a proxy, and the rule for deploying a Safe again on another chain.
@Suite("Safe replication and counterfactual deployment")
struct SafeReplicationTests {
    static let a = try! Address("0x1000000000000000000000000000000000000001")
    static let b = try! Address("0x2000000000000000000000000000000000000002")
    static let c = try! Address("0x3000000000000000000000000000000000000003")
    static let factory = try! Address("0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67")
    static let singleton = try! Address("0x29fcB43b46531BcA003ddC8FCB67FFE91900C762")
    static let handler = try! Address("0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99")
    /// Made-up init code: the address depends on its hash only, and no contract bytecode is kept here.
    static let creationCode = try! Hex.decode("0x608060405234801561001057600080fd5b50")
    /// What eth-utils' keccak gives for the same CREATE2 inputs (computed with the devnet's Python).
    static let expected = try! Address("0x43943E999ACd39891f6D5cb994c953d6F8793120")

    static var initializer: [UInt8] { try! SafeContract.setupCall(owners: [a, b], threshold: 1, fallbackHandler: handler) }
    static var deployment: SafeProxyDeployment { SafeProxyDeployment(factory: factory, singleton: singleton, initializer: initializer, saltNonce: 42) }
    static func input(_ function: String, _ extra: [ABIValue] = []) -> [UInt8] {
        try! FunctionSignature(function).encodeCall([.address(singleton), .bytes(initializer), .uint(42)] + extra)
    }
    static let code = Keccak256.hash([0x60, 0x80])

    /// Facts where everything matches, with `change` applied.
    static func facts(input: [UInt8]? = input("createProxyWithNonce(address,bytes,uint256)"), owners: [Address] = [a, b], threshold: BigUInt = 1,
                      target: [Address: [UInt8]]? = nil, targetHasCode: Bool = false, creationCode: [UInt8]? = creationCode) -> SafeReplicationFacts {
        let hashes = [factory: code, singleton: code, handler: code]
        return SafeReplicationFacts(safe: expected, factory: factory, creationInput: input, owners: owners, threshold: threshold,
                                    sourceCodeHashes: hashes, targetCodeHashes: target ?? hashes, targetHasCode: targetHasCode, targetCreationCode: creationCode)
    }

    @Test("the CREATE2 address matches an independent computation, and the deploy call is createProxyWithNonce")
    func address() throws {
        #expect(try Self.deployment.address(creationCode: Self.creationCode) == Self.expected)
        // Another salt nonce, singleton or setup moves the address.
        let other = SafeProxyDeployment(factory: Self.factory, singleton: Self.singleton, initializer: Self.initializer, saltNonce: 43)
        #expect(try other.address(creationCode: Self.creationCode) != Self.expected)
        #expect(try Self.deployment.call() == Self.input("createProxyWithNonce(address,bytes,uint256)"))
        let setup = try #require(Self.deployment.setup)
        #expect(setup.owners == [Self.a, Self.b] && setup.threshold == 1 && setup.fallbackHandler == Self.handler && setup.to == .zero)
        #expect(SafeSetup([0x12, 0x34, 0x56, 0x78]) == nil)
    }

    @Test("a counterfactual Safe's first execution: the factory call, then execTransaction, for MultiSendCallOnly")
    func deployThen() throws {
        let calls = try Self.deployment.deployThen([[0xaa], [0xbb]], safe: Self.expected)
        #expect(calls.map(\.to) == [Self.factory, Self.expected, Self.expected])
        #expect(calls.map(\.data) == [try Self.deployment.call(), [0xaa], [0xbb]])
        #expect(calls.allSatisfy { $0.operation == .call && $0.value == 0 })
    }

    @Test("a Safe with its creation's owners, on a chain with the same contracts, replays the same factory call")
    func plans() throws {
        #expect(try SafeReplication.plan(Self.facts()) == Self.deployment)
        // Owners in another order are the same set.
        #expect(try SafeReplication.plan(Self.facts(owners: [Self.b, Self.a])) == Self.deployment)
    }

    @Test("createProxyWithCallback replays as createProxyWithNonce with the callback's salt nonce")
    func callback() throws {
        let input = try FunctionSignature("createProxyWithCallback(address,bytes,uint256,address)").encodeCall(
            [.address(Self.singleton), .bytes(Self.initializer), .uint(7), .address(Self.c)])
        let planned = try SafeReplication.deployment(safe: Self.expected, factory: Self.factory, creationInput: input)
        // uint256(keccak256(abi.encodePacked(uint256(7), c))), from eth-utils.
        #expect(planned.saltNonce == BigUInt("85468630410910334884226530739704059640209068081293920658161719725958865388490"))
    }

    @Test("the factory call of a creation: the transaction's own input, or the one MultiSend call to the factory")
    func factoryInput() throws {
        let call = Self.input("createProxyWithNonce(address,bytes,uint256)")
        #expect(SafeCreationCall.factoryInput(to: Self.factory, input: call, factory: Self.factory) == call)
        let batch = try MultiSend.multiSendCall(try Self.deployment.deployThen([[0xaa]], safe: Self.expected))
        #expect(SafeCreationCall.factoryInput(to: Self.c, input: batch, factory: Self.factory) == call)
        let twice = try MultiSend.multiSendCall([MultiSendCall(to: Self.factory, data: call), MultiSendCall(to: Self.factory, data: call)])
        #expect(SafeCreationCall.factoryInput(to: Self.c, input: twice, factory: Self.factory) == nil)
        #expect(SafeCreationCall.factoryInput(to: Self.c, input: call, factory: Self.factory) == nil)
    }

    @Test("refusals, each with its reason")
    func refusals() throws {
        func refusal(_ facts: SafeReplicationFacts) -> SafeReplicationRefusal? {
            do { _ = try SafeReplication.plan(facts); return nil } catch { return error }
        }
        let f = Self.factory, s = Self.singleton, h = Self.handler
        #expect(refusal(Self.facts(input: nil)) == .creationUnknown(Self.expected))
        #expect(refusal(Self.facts(input: Self.input("createChainSpecificProxyWithNonce(address,bytes,uint256)"))) == .chainSpecificSalt(Self.expected))
        let changed = refusal(Self.facts(owners: [Self.a, Self.c], threshold: 2))
        #expect(changed == .setupChanged(original: [Self.a, Self.b], originalThreshold: 1, current: [Self.a, Self.c], currentThreshold: 2))
        #expect(changed?.description.contains("replays the original setup") == true)
        #expect(refusal(Self.facts(threshold: 2)) != nil)
        #expect(refusal(Self.facts(target: [f: Self.code, h: Self.code])) == .contractMissing(role: "singleton", s))
        #expect(refusal(Self.facts(target: [f: Self.code, s: Self.code, h: SafeReplicationFacts.noCode])) == .contractMissing(role: "fallback handler", h))
        #expect(refusal(Self.facts(target: [f: Keccak256.hash([1]), s: Self.code, h: Self.code])) == .contractDiffers(role: "proxy factory", f))
        #expect(refusal(Self.facts(targetHasCode: true)) == .alreadyDeployed(Self.expected))
        #expect(refusal(Self.facts(creationCode: nil)) == .contractMissing(role: "proxy factory", f))
        let other = try Self.deployment.address(creationCode: [0x60])
        #expect(refusal(Self.facts(creationCode: [0x60])) == .otherAddress(predicted: other, safe: Self.expected))
    }
}
