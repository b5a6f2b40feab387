import BigInt
import EthereumKit
import SafeKit
import Testing

@Suite("Safe calls")
struct SafeCallsTests {
    static let a = try! Address("0x1000000000000000000000000000000000000001")
    static let b = try! Address("0x2000000000000000000000000000000000000002")
    static let c = try! Address("0x3000000000000000000000000000000000000003")
    static let safe = try! Address("0x9000000000000000000000000000000000000009")

    @Test("selectors match the Safe ABI")
    func selectors() throws {
        #expect(Hex.encode(SafeContract.nonce) == "0xaffed0e0")
        #expect(Hex.encode(SafeContract.getOwners) == "0xa0e67e2b")
        #expect(Hex.encode(SafeContract.getThreshold) == "0xe75235b8")
        #expect(Hex.encode(SafeContract.version) == "0xffa1ad74")
        #expect(Hex.encode(try SafeContract.approveHash([UInt8](repeating: 0, count: 32)).prefix(4)) == "0xd4d9bdcd")
        #expect(Hex.encode(SafeContract.enableModule(Self.a).prefix(4)) == "0x610b5925")
        #expect(Hex.encode(try SafeContract.changeThreshold(1, ownerCount: 1).prefix(4)) == "0x694e80c3")
        #expect(Hex.encode(try SafeContract.addOwner(Self.c, threshold: 1, owners: [Self.a], safe: Self.safe).prefix(4)) == "0x0d582f13")
        #expect(Hex.encode(try SafeContract.removeOwnerCall(Self.a, threshold: 1, owners: [Self.a, Self.b]).prefix(4)) == "0xf8dc5dd9")
        #expect(Hex.encode(try SafeContract.swapOwnerCall(Self.a, with: Self.c, owners: [Self.a], safe: Self.safe).prefix(4)) == "0xe318b52b")
        #expect(Hex.encode(try SafeContract.setupCall(owners: [Self.a], threshold: 1, fallbackHandler: .zero).prefix(4)) == "0xb63e800d")
        let tx = SafeTx(safe: Self.safe, chainID: 1, version: .v1_4_1, to: Self.a, nonce: 0)
        #expect(Hex.encode(try tx.execTransactionCall(signatures: []).prefix(4)) == "0x6a761202")
        #expect(Hex.encode(try tx.getTransactionHashCall.prefix(4)) == "0xd8d11f78")
        #expect(Hex.encode(try SafeProxyFactory.createProxyWithNonce(singleton: Self.a, initializer: [], saltNonce: 0).prefix(4)) == "0x1688f0b9")
    }

    @Test("removeOwner and swapOwner pass the previous owner in the linked list; the first owner's is the sentinel")
    func previousOwner() throws {
        let owners = [Self.a, Self.b, Self.c]
        #expect(try OwnerRules.previousOwner(of: Self.a, in: owners) == SafeContract.sentinel)
        #expect(try OwnerRules.previousOwner(of: Self.c, in: owners) == Self.b)
        let call = try SafeContract.removeOwnerCall(Self.b, threshold: 2, owners: owners)
        let args = try FunctionSignature("removeOwner(address,address,uint256)").decodeCall(call)
        #expect(args == [.address(Self.a), .address(Self.b), .uint(2)])
        #expect(throws: SafeKitError.notAnOwner(Self.safe)) { try OwnerRules.previousOwner(of: Self.safe, in: owners) }
    }

    @Test("owner and threshold mistakes are refused before anything is signed")
    func ownerRules() throws {
        #expect(throws: SafeKitError.thresholdOutOfRange(threshold: 3, owners: 2)) {
            try SafeContract.removeOwnerCall(Self.a, threshold: 3, owners: [Self.a, Self.b, Self.c])
        }
        #expect(throws: SafeKitError.ownerAlreadyPresent(Self.a)) { try SafeContract.addOwner(Self.a, threshold: 1, owners: [Self.a], safe: Self.safe) }
        #expect(throws: SafeKitError.invalidOwner(Self.safe)) { try SafeContract.addOwner(Self.safe, threshold: 1, owners: [Self.a], safe: Self.safe) }
        #expect(throws: SafeKitError.duplicateOwner(Self.a)) { try SafeContract.setupCall(owners: [Self.a, Self.a], threshold: 1, fallbackHandler: .zero) }
        #expect(throws: SafeKitError.thresholdOutOfRange(threshold: 0, owners: 1)) { try SafeContract.changeThreshold(0, ownerCount: 1) }
    }

    @Test("EIP-1014 CREATE2 examples")
    func create2() throws {
        func check(_ deployer: String, _ salt: String, _ code: String, _ expected: String) throws {
            let address = SafeProxyFactory.create2(deployer: try Address(deployer), salt: try Hex.decode(salt),
                                                   initCodeHash: Keccak256.hash(try Hex.decode(code)))
            #expect(address.checksummed == expected)
        }
        let zero32 = "0x" + String(repeating: "0", count: 64)
        try check("0x0000000000000000000000000000000000000000", zero32, "0x00", "0x4D1A2e2bB4F88F0250f26Ffff098B0b30B26BF38")
        try check("0xdeadbeef00000000000000000000000000000000", zero32, "0x00", "0xB928f69Bb1D91Cd65274e3c79d8986362984fDA3")
        try check("0xdeadbeef00000000000000000000000000000000", "0x000000000000000000000000feed000000000000000000000000000000000000",
                  "0x00", "0xD04116cDd17beBE565EB2422F2497E06cC1C9833")
        try check("0x0000000000000000000000000000000000000000", zero32, "0xdeadbeef", "0x70f2b2914A2a4b783FaEFb75f459A580616Fcb5e")
        try check("0x0000000000000000000000000000000000000000", zero32, "0x", "0xE33C0C7F7df4809055C3ebA6c09CFe4BaF1BD9e0")
    }

    @Test("MultiSend packs operation, to, value, length and data, and unpacks to the same calls")
    func multiSend() throws {
        let calls = [
            MultiSendCall(to: Self.a, value: 1, data: []),
            MultiSendCall(operation: .call, to: Self.b, value: 0, data: [0xa9, 0x05, 0x9c, 0xbb, 1, 2, 3]),
            MultiSendCall(operation: .delegateCall, to: Self.c, value: BigUInt(10).power(18), data: [0xff]),
        ]
        let packed = try MultiSend.pack(calls)
        #expect(packed.count == 3 * 85 + 7 + 1)
        #expect(packed[0] == 0 && Array(packed[1..<21]) == Self.a.bytes && packed[52] == 1)
        #expect(try MultiSend.unpack(packed) == calls)
        #expect(Hex.encode(try MultiSend.multiSendCall(calls).prefix(4)) == "0x8d80ff0a")
        #expect(throws: SafeKitError.emptyBatch) { try MultiSend.multiSendCall([]) }
        #expect(throws: SafeKitError.self) { try MultiSend.unpack(Array(packed.dropLast())) }
    }

    @Test("execution events give the safeTxHash from the data (1.3.0, 1.4.1) or an indexed topic (1.5.0)")
    func events() throws {
        let hash = [UInt8](repeating: 7, count: 32)
        let inData = SafeEvents.execution(topics: [SafeEvents.executionSuccess], data: hash + [UInt8](repeating: 0, count: 32))
        #expect(inData?.safeTxHash == hash && inData?.success == true)
        let indexed = SafeEvents.execution(topics: [SafeEvents.executionFailure, hash], data: [UInt8](repeating: 0, count: 32))
        #expect(indexed?.safeTxHash == hash && indexed?.success == false)
        // The topic of ether paid in, as the Safe contracts' ABI gives it.
        #expect(Hex.encode(SafeEvents.safeReceived) == "0x3d0ce9bfc3ed7d6862dbb28b2dea94561fe714a1b4d019aa8af39730d1ad7c3d")
        #expect(SafeEvents.execution(topics: [SafeEvents.safeReceived, hash], data: [UInt8](repeating: 0, count: 32)) == nil)
        #expect(SafeEvents.execution(topics: [hash], data: []) == nil)
    }
}
