import BigInt
import EthereumKit
import Foundation
import Networking
import SafeKit
import Services
import TestSupport
import Testing

extension OnDevnet {
    /// Contract calls named by an ABI or a signature, through the real CLI, on the real contracts.
    @Suite("Integration: contract calls from an ABI on the local chain")
    struct ContractCallIntegrationTests {
        let devnet = Devnet.shared!

        /// A recorder: stores keccak256(calldata) in slot 0, the caller in slot 1 and the value in slot 2,
        /// so the call's exact bytes, its sender and its ether are read back from the chain.
        static let recorder: [UInt8] = [0x36, 0x60, 0x00, 0x60, 0x00, 0x37, 0x36, 0x60, 0x00, 0x20, 0x60, 0x00, 0x55,
                                        0x33, 0x60, 0x01, 0x55, 0x34, 0x60, 0x02, 0x55, 0x00]

        @Test("a call with a tuple and an array from an ABI file executes from the Safe with the exact calldata; the review reads it with the ABI's names; --sig with a unit works too; bad arguments name the --arg")
        func tupleAndArray() async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let book = try await f.deploy(Self.recorder)
            let abiFile = f.first.home.appendingPathComponent("Book.json")
            try #"{"abi":\#(ContractABIFixture.abi),"bytecode":"0x"}"#.write(to: abiFile, atomically: true, encoding: .utf8)
            func cli(_ arguments: [String]) async throws -> (status: Int32, out: String) {
                try await OnDevnet.SafeMessageIntegrationTests.cli(arguments, home: f.first.home, withErrors: !arguments.contains("--json"))
            }
            let maker = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
            let base = ["safe", "propose", f.safe.checksummed, "--to", book.checksummed, "--abi", abiFile.path]

            let wrong = try await cli(base + ["--function", "place", "--arg", "(1, 0x01, 0x)", "--arg", "[1]", "--arg", "x"])
            #expect(wrong.status != 0 && wrong.out.contains("--arg") && wrong.out.contains("argument 1 (order"), "\(wrong.out)")
            let overloaded = try await cli(base + ["--function", "stake", "--arg", "1"])
            #expect(overloaded.status != 0 && overloaded.out.contains("stake(uint256), stake(uint256,address)"), "\(overloaded.out)")

            let proposed = try await cli(["--json"] + base + ["--function", "place", "--arg", "(1.5ether, \(maker), 0xc0ffee)",
                                                              "--arg", "[1,2,3]", "--arg", "for Q4"])
            let hashText = try #require(try JSONParser.parse(Array(proposed.out.utf8))["safeTxHash"]?.stringValue, "\(proposed.out)")
            let entry = try await f.first.services.dispatcher.dispatch(SafeTransactionQuery(safeTxHash: try [UInt8](hex: hashText)))
            #expect(Hex.encode(entry.entry.transaction.data) == ContractABIFixture.placeCalldata, "the bytes eth_abi writes")
            #expect(entry.entry.summary.hasPrefix("place(order: (1500000000000000000, \(maker), 0xc0ffee), ids: [1, 2, 3], note: for Q4) on "),
                    "\(entry.entry.summary)")
            #expect(entry.call.function == "place" && entry.call.arguments.map(\.name) == ["order", "ids", "note"], "\(entry.call)")

            let review = try await cli(["safe", "review", hashText])
            #expect(review.status == 0 && review.out.contains("place(order: (1500000000000000000, \(maker), 0xc0ffee), ids: [1, 2, 3], note: for Q4)"),
                    "\(review.out)")

            #expect(try await f.signAndExecute(entry.entry).success == true)
            let remote = try f.remote()
            func slot(_ n: UInt8) async throws -> [UInt8] {
                try await remote.send(EthereumRemote.Requests.storage(at: book, slot: [UInt8](repeating: 0, count: 31) + [n]))
            }
            #expect(try await slot(0) == Keccak256.hash(try [UInt8](hex: ContractABIFixture.placeCalldata)), "the contract got exactly those bytes")
            #expect(try await slot(1) == [UInt8](repeating: 0, count: 12) + f.safe.bytes, "from the Safe")

            // By signature with names, sending ether along.
            let bySig = try await cli(["--json", "safe", "propose", f.safe.checksummed, "--to", book.checksummed,
                                       "--sig", "stake(uint256 amount, address to)", "--arg", "2.5ether", "--arg", maker, "--value", "0.25ether"])
            let sigHash = try #require(try JSONParser.parse(Array(bySig.out.utf8))["safeTxHash"]?.stringValue, "\(bySig.out)")
            let sigEntry = try await f.first.services.dispatcher.dispatch(SafeTransactionQuery(safeTxHash: try [UInt8](hex: sigHash)))
            #expect(sigEntry.call.headline == "stake(amount: 2500000000000000000, to: \(maker)) with 0.25 ETH", "\(sigEntry.call.headline)")
            #expect(try await f.signAndExecute(sigEntry.entry).success == true)
            let expected = try FunctionSignature("stake(uint256,address)").encodeCall([.uint(25 * SafeFixture.ether / 10), .address(try Address(maker))])
            #expect(try await slot(0) == Keccak256.hash(expected))
            #expect(BigUInt(Data(try await slot(2))) == SafeFixture.ether / 4)

            // A Transaction Builder file's contractMethod is remembered too: its call reviews with the file's names.
            let builder = f.first.home.appendingPathComponent("builder.json")
            try #"""
                {"version":"1.0","chainId":"\#(devnet.chainID)","createdAt":1764000000000,"meta":{"name":"Vote","description":""},
                 "transactions":[{"to":"\#(book.checksummed)","value":"0","data":null,"contractInputsValues":{"proposal":"7","support":"true"},
                   "contractMethod":{"name":"castVote","payable":false,"inputs":[{"name":"proposal","type":"uint256"},{"name":"support","type":"bool"}]}}]}
                """#.write(to: builder, atomically: true, encoding: .utf8)
            let voted = try await cli(["--json", "safe", "propose", f.safe.checksummed, "--batch", builder.path])
            let voteHash = try #require(try JSONParser.parse(Array(voted.out.utf8))["safeTxHash"]?.stringValue, "\(voted.out)")
            let vote = try await f.first.services.dispatcher.dispatch(SafeTransactionQuery(safeTxHash: try [UInt8](hex: voteHash)))
            #expect(vote.call.headline == "castVote(proposal: 7, support: true)", "\(vote.call.headline)")
        }
    }
}
