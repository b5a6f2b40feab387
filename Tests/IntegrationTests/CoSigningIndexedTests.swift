@testable import BifrostCLI
import BigInt
import CoSigning
import CoSigningTestSupport
import EthereumKit
import Foundation
import Networking
import SafeKit
import Services
import Testing

extension OnDevnet {
    /// The official service's indexed endpoints that `bifrost serve` answers from the chain.
    @Suite("Integration: bifrost serve's indexed endpoints")
    struct CoSigningIndexedTests {
        let devnet = Devnet.shared!

        @Test("modules/{address}/safes/ lists the served Safe that enabled the module, and none for another module", arguments: CoSigningBackend.available)
        func moduleSafes(_ backend: CoSigningBackend) async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let module = devnet.accounts[9].address
            try await f.run(.call(to: f.safe, value: 0, data: SafeContract.enableModule(module), operation: .call))
            let server = try await ServingCoSigner(try await f.first.services.serving(backend, chain: f.first.chain))
            defer { server.stop() }
            // A proposal makes the Safe one the server serves.
            let tx = SafeTx(safe: f.safe, chainID: devnet.chainID, version: .v1_4_1, to: f.owners[0], value: 1, nonce: 1)
            let posted = try await server.send("POST", "/api/v2/safes/\(f.safe.checksummed)/multisig-transactions/",
                                               try ServingCoSigner.proposal(tx, signedBy: devnet.accounts[4].key))
            try #require(posted.status == 201, "\(posted.json)")

            let listed = try await server.send("GET", "/api/v1/modules/\(module.checksummed)/safes/")
            #expect(listed.status == 200 && listed.json["safes"] == .array([.string(f.safe.checksummed)]), "\(listed.json)")
            let other = try await server.send("GET", "/api/v1/modules/\(devnet.accounts[8].address.checksummed)/safes/")
            #expect(other.status == 200 && other.json["safes"] == .array([]), "\(other.json)")
            #expect(try await server.send("GET", "/api/v1/modules/0x12/safes/").status == 400)
        }

        @Test("v2 collectibles/: the ERC-721 tokens the Safe holds (a vyper-compiled collection mints two, the Safe sends one away), with the contract's tokenURI; v1 is gone, as officially",
              .enabled(if: ProcessInfo.processInfo.environment["BIFROST_REFERENCE_PYTHON"] != nil, "set BIFROST_REFERENCE_PYTHON (scripts/test does)"),
              arguments: CoSigningBackend.available)
        func collectibles(_ backend: CoSigningBackend) async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Contracts/Collectible.vy").standardized.path
            let python = ProcessInfo.processInfo.environment["BIFROST_REFERENCE_PYTHON"]!
            let bytecode = try Hex.decode(try await OnDevnet.SafeLedgerIntegrationTests.run(python, ["-m", "vyper", "-f", "bytecode", source])
                .trimmingCharacters(in: .whitespacesAndNewlines))
            let collection = try await f.create(bytecode + [UInt8](repeating: 0, count: 12) + f.safe.bytes)
            #expect(!(try await f.remote().code(at: collection)).isEmpty, "the collection is deployed")
            try await f.run(.call(to: collection, value: 0, data: ERC721.transferFrom(f.safe, to: PrivateKey.generate().address, tokenID: 8), operation: .call))

            let server = try await ServingCoSigner(try await f.first.services.serving(backend, chain: f.first.chain))
            defer { server.stop() }
            let page = try await server.send("GET", "/api/v2/safes/\(f.safe.checksummed)/collectibles/?limit=50")
            #expect(page.status == 200 && page.json["count"] == .number("1"), "\(page.json)")
            let held = page.json["results"]?.arrayValue?.first
            #expect(held?.objectValue?.map(\.key) == ["address", "tokenName", "tokenSymbol", "logoUri", "id", "uri", "name", "description", "imageUri", "metadata"])
            #expect(held?["address"] == .string(collection.checksummed) && held?["id"] == .string("7"), "token 8 left the Safe: \(page.json)")
            #expect(held?["tokenName"] == .string("Bifrost Test Collectible") && held?["tokenSymbol"] == .string("BTC721"))
            #expect(held?["uri"] == .string("https://collectibles.example/7") && held?["metadata"] == .object([]))
            #expect(try await server.send("GET", "/api/v1/safes/\(f.safe.checksummed)/collectibles/").status == 404)
            #expect(try await server.send("GET", "/api/v2/safes/\(PrivateKey.generate().address.checksummed)/collectibles/").status == 404)
        }

        @Test("creation/: who sent the creation, its transaction and block time, the factory, the singleton, the setup call and salt, from logs alone",
              arguments: [SafeVersion.v1_3_0, .v1_4_1], CoSigningBackend.available)
        func creation(_ version: SafeVersion, _ backend: CoSigningBackend) async throws {
            let f = try await SafeFixture(devnet: devnet, version: version)
            defer { f.remove() }
            let server = try await ServingCoSigner(try await f.first.services.serving(backend, chain: f.first.chain))
            defer { server.stop() }
            let answer = try await server.send("GET", "/api/v1/safes/\(f.safe.checksummed)/creation/")
            try #require(answer.status == 200, "\(answer.json)")
            let json = answer.json
            #expect(json["creator"] == .string(f.owners[0].checksummed), "owner 4 deployed it: \(json)")
            let singleton = try #require(try await f.info().singleton)
            #expect(json["masterCopy"] == .string(singleton.checksummed), "\(json)")
            let remote = try f.remote()
            let hash = try Hex.decode(try #require(json["transactionHash"]?.stringValue))
            let sent = try #require(try await remote.send(EthereumRemote.Requests.transaction(hash: hash)))
            let factory = try #require(sent.to), mined = try #require(sent.blockNumber)
            #expect(sent.from == f.owners[0] && json["factoryAddress"] == .string(factory.checksummed), "\(json)")
            let block = try #require(try await remote.send(EthereumRemote.Requests.block(.number(mined))))
            #expect(json["created"] == ServiceWireDate.json(Date(timeIntervalSince1970: TimeInterval(block.timestamp))), "\(json)")
            let setup = try #require(json["setupData"]?.stringValue)
            #expect(setup.hasPrefix("0xb63e800d"), "setup(address[],uint256,address,bytes,address,address,uint256,address): \(setup)")
            #expect(json["saltNonce"]?.stringValue.flatMap { BigUInt($0) } != nil && json["userOperation"] == .null, "\(json)")

            // An account with no code was created by no one; an address that is not one is refused.
            #expect(try await server.send("GET", "/api/v1/safes/\(devnet.accounts[8].address.checksummed)/creation/").status == 404)
            #expect(try await server.send("GET", "/api/v1/safes/0x12/creation/").status == 400)
        }

        @Test("transfers/, incoming-transfers/, module-transactions/ and all-transactions/ from logs: ether and tokens in, a held batch out, a module's payment and an execution the server does not hold; the follower announces both payments", arguments: CoSigningBackend.available)
        func transfers(_ backend: CoSigningBackend) async throws {
            let f = try await SafeFixture(devnet: devnet)
            defer { f.remove() }
            try await f.receiveTestTokens(100 * SafeFixture.ether)
            let service = try await f.first.services.serving(backend, chain: f.first.chain)
            let server = try await ServingCoSigner(service)
            defer { server.stop() }
            let payee = PrivateKey.generate().address, carol = PrivateKey.generate().address
            let quarter = SafeFixture.ether / 4, half = SafeFixture.ether / 2, tokens = 3 * SafeFixture.ether / 2

            // A batch the server holds: proposed to it, then executed by the wallet.
            let sheet = try TransferSheet(csv: "token,receiver,amount\n,\(payee.checksummed),0.25\n\(devnet.testToken.checksummed),\(carol.checksummed),1.5\n")
            let batch = try await f.first.services.dispatcher.dispatch(ProposeSafeTransaction(safe: f.safe, intent: .transfers(sheet), chain: f.first.chain))
            let posted = try await server.send("POST", "/api/v1/safes/\(f.safe.checksummed)/multisig-transactions/",
                                               try ServingCoSigner.proposal(batch.transaction, signedBy: devnet.accounts[4].key))
            try #require(posted.status == 201, "\(posted.json)")
            _ = try await service.dispatch(FollowServedChain())
            let batchRun = try await f.signAndExecute(batch)
            // An execution it does not hold: owner 4 becomes a module, then pays carol by itself.
            let enabled = try await f.run(.call(to: f.safe, value: 0, data: SafeContract.enableModule(f.owners[0]), operation: .call))
            let moduleCall = try SafeContract.execTransactionFromModule.encodeCall([.address(carol), .uint(half), .bytes([]), .uint(0)])
            let byModule = try await f.first.services.dispatcher.dispatch(SendTransaction(
                keyName: "owner4", transfer: .contractCall(to: f.safe, value: 0, data: moduleCall), chain: f.first.chain, wait: true, password: { "pw" }))
            try #require(byModule.receipt?.status == true)

            // The follower announces the ether out of both: the held batch from its stored fields,
            // the module's payment from the transaction that carried it.
            _ = try await service.dispatch(FollowServedChain())
            let outgoing = try await service.dispatch(ServedEventsAfter(id: 0, limit: 100)).filter { $0.kind == .outgoingEther }
            #expect(outgoing.map(\.value) == [quarter, half] && outgoing.allSatisfy { $0.safe == f.safe }, "\(outgoing)")
            #expect(outgoing.map(\.transactionHash) == [batchRun.transaction.hash, byModule.transaction.hash])

            let base = "/api/v1/safes/\(f.safe.checksummed)"
            let all = try await server.send("GET", "\(base)/transfers/")
            try #require(all.status == 200, "\(all.json)")
            let listed = try #require(all.json["results"]?.arrayValue)
            func field(_ list: [JSONValue], _ name: String) -> [String] { list.map { $0[name]?.stringValue ?? "null" } }
            #expect(all.json["count"] == .number("5") && listed.count == 5, "\(all.json)")
            #expect(field(listed, "type") == ["ETHER_TRANSFER", "ETHER_TRANSFER", "ERC20_TRANSFER", "ERC20_TRANSFER", "ETHER_TRANSFER"], "newest first: \(listed)")
            #expect(field(listed, "value") == [String(half), String(quarter), String(tokens), String(100 * SafeFixture.ether), String(10 * SafeFixture.ether)])
            #expect(field(listed, "to") == [carol.checksummed, payee.checksummed, carol.checksummed, f.safe.checksummed, f.safe.checksummed])
            #expect(field(listed, "from") == [f.safe.checksummed, f.safe.checksummed, f.safe.checksummed, devnet.accounts[0].address.checksummed,
                                              f.owners[0].checksummed])
            #expect(field(listed, "transactionHash") == [Hex.encode(byModule.transaction.hash), Hex.encode(batchRun.transaction.hash),
                                                         Hex.encode(batchRun.transaction.hash)] + field(Array(listed.suffix(2)), "transactionHash"))
            #expect(Set(field(listed, "transferId")).count == 5, "each transfer has its own ID")
            for item in listed {
                let one = try await server.send("GET", "/api/v1/transfer/\(item["transferId"]?.stringValue ?? "")")
                #expect(one.status == 200 && one.json == item, "transfer/{id} answers as the listing: \(one.json)")
            }
            #expect(try await server.send("GET", "/api/v1/transfer/e\(String(repeating: "ab", count: 32))0").status == 404)
            #expect(try await server.send("GET", "/api/v1/transfer/x12").status == 400)
            let token = try await server.send("GET", "/api/v1/tokens/\(devnet.testToken.checksummed)/")
            #expect(listed[2]["tokenInfo"] == token.json && listed[2]["tokenAddress"] == .string(devnet.testToken.checksummed), "\(listed[2])")
            #expect(listed[0]["tokenInfo"] == .null && listed[0]["tokenAddress"] == .null)
            let receipt = try #require(try await f.remote().transactionReceipt(hash: batchRun.transaction.hash))
            let mined = try #require(try await f.remote().block(.number(receipt.blockNumber)))
            #expect(listed[1]["blockNumber"] == .number(String(receipt.blockNumber))
                    && listed[1]["executionDate"] == ServiceWireDate.json(Date(timeIntervalSince1970: TimeInterval(mined.timestamp))))

            // The official filters.
            // As there, every filter given must hold (a transfer is of one kind), false drops a kind,
            // and block bounds given together narrow.
            let queries = ["erc20=true", "ether=true", "ether=true&erc20=true", "ether=false", "ether=false&erc20=false", "erc721=true",
                           "token_address=\(devnet.testToken.checksummed)&_from=\(f.safe.checksummed)", "to=\(carol.checksummed)",
                           "transaction_hash=\(Hex.encode(batchRun.transaction.hash))", "block_number=\(receipt.blockNumber)",
                           "block_number__gt=\(receipt.blockNumber)", "block_number=\(receipt.blockNumber)&block_number__gt=\(receipt.blockNumber)"]
            var counts: [String] = []
            for query in queries { counts.append(try await server.send("GET", "\(base)/transfers/?\(query)").json["count"]?.text ?? "?") }
            #expect(counts == ["2", "3", "0", "2", "0", "0", "1", "2", "2", "2", "1", "0"], "\(zip(queries, counts).map { "\($0)=\($1)" })")
            #expect(try await server.send("GET", "\(base)/transfers/?erc20=maybe").status == 400)
            #expect(try await server.send("GET", "\(base)/transfers/?_from=0x12").status == 400)

            let incoming = try await server.send("GET", "\(base)/incoming-transfers/")
            let received = try #require(incoming.json["results"]?.arrayValue)
            #expect(received == Array(listed.suffix(2)) && incoming.json["count"] == .number("2"), "\(incoming.json)")

            let modules = try await server.send("GET", "\(base)/module-transactions/")
            let moduleRows = try #require(modules.json["results"]?.arrayValue)
            try #require(moduleRows.count == 1, "\(modules.json)")
            let row = moduleRows[0]
            #expect(row["module"] == .string(f.owners[0].checksummed) && row["to"] == .string(carol.checksummed) && row["value"] == .string(String(half)), "\(row)")
            #expect(row["isSuccessful"] == .bool(true) && row["operation"] == .number("0") && row["safe"] == .string(f.safe.checksummed))
            #expect(row["transactionHash"] == .string(Hex.encode(byModule.transaction.hash)) && row["data"] == .null)
            let byID = try await server.send("GET", "/api/v1/module-transaction/\(row["moduleTransactionId"]?.stringValue ?? "")")
            #expect(byID.status == 200 && byID.json == row, "one module transaction by its ID, as listed: \(byID.json)")
            #expect(try await server.send("GET", "/api/v1/module-transaction/i\(String(repeating: "ab", count: 32))0").status == 404)

            let history = try await server.send("GET", "\(base)/all-transactions/")
            let items = try #require(history.json["results"]?.arrayValue)
            #expect(field(items, "txType") == ["MODULE_TRANSACTION", "ETHEREUM_TRANSACTION", "MULTISIG_TRANSACTION", "ETHEREUM_TRANSACTION", "ETHEREUM_TRANSACTION"],
                    "\(history.json)")
            #expect(history.json["count"] == .number("5"))
            guard items.count == 5 else { return }
            #expect(items[0]["transfers"]?.arrayValue?.count == 1)
            #expect(items[1]["txHash"] == .string(Hex.encode(enabled.transaction.hash)) && items[1]["transfers"] == .array([]),
                    "the module's enabling was not proposed here: \(items[1])")
            #expect(items[1]["from"] == .string(f.owners[1].checksummed) && items[1]["to"] == .string(f.safe.checksummed))
            let held = items[2]
            #expect(held["safeTxHash"] == .string(Hex.encode(batch.safeTxHash)) && held["transactionHash"] == .string(Hex.encode(batchRun.transaction.hash)), "\(held)")
            #expect(held["isExecuted"] == .bool(true) && held["isSuccessful"] == .bool(true) && held["txType"] == .string("MULTISIG_TRANSACTION"))
            #expect(held["blockNumber"] == .number(String(receipt.blockNumber)) && held["executor"] == .string(f.owners[1].checksummed), "\(held)")
            #expect(held["fee"] == .string(String(receipt.gasUsed * receipt.effectiveGasPrice)), "\(held)")
            #expect(held["transfers"]?.arrayValue?.map { $0["value"]?.stringValue ?? "" } == [String(tokens), String(quarter)], "\(held)")
            // The multisig listings say of the executed batch what the chain recorded, v1 and v2, alone and listed.
            let carrier = try #require(try await f.remote().transaction(hash: batchRun.transaction.hash))
            func text(_ value: BigUInt?) -> JSONValue { value.map { .string(String($0)) } ?? .null }
            #expect(held["maxFeePerGas"] == text(carrier.maxFeePerGas) && held["maxPriorityFeePerGas"] == text(carrier.maxPriorityFeePerGas), "\(held)")
            for version in ["v1", "v2"] {
                let alone = try await server.send("GET", "/api/\(version)/multisig-transactions/\(Hex.encode(batch.safeTxHash))/").json
                let page = try await server.send("GET", "/api/\(version)/safes/\(f.safe.checksummed)/multisig-transactions/?executed=true").json
                for answer in [alone, page["results"]?.arrayValue?.first ?? .null] {
                    #expect(answer["blockNumber"] == .number(String(receipt.blockNumber)) && answer["executor"] == .string(f.owners[1].checksummed)
                            && answer["executionDate"] == held["executionDate"] && answer["transactionHash"] == held["transactionHash"], "\(version): \(answer)")
                    #expect(answer["gasUsed"] == .number(String(receipt.gasUsed)) && answer["ethGasPrice"] == .string(String(receipt.effectiveGasPrice))
                            && answer["fee"] == .string(String(receipt.gasUsed * receipt.effectiveGasPrice)), "\(version): \(answer)")
                    #expect(answer["maxFeePerGas"] == text(carrier.maxFeePerGas) && answer["maxPriorityFeePerGas"] == text(carrier.maxPriorityFeePerGas)
                            && carrier.maxFeePerGas != nil, "\(version): \(answer)")
                }
            }
            #expect(items[3]["from"] == .string(devnet.accounts[0].address.checksummed) && items[3]["to"] == .string(devnet.testToken.checksummed))
            #expect(items[4]["from"] == .string(f.owners[0].checksummed) && items[4]["transfers"]?.arrayValue?.count == 1)

            let page = try await server.send("GET", "\(base)/all-transactions/?limit=2&offset=2")
            #expect(page.json["results"]?.arrayValue == Array(items[2...3]) && page.json["count"] == .number("5"), "\(page.json)")
            #expect(page.json["next"]?.stringValue?.hasSuffix("/all-transactions/?limit=2&offset=4") == true, "\(page.json["next"] ?? .null)")
            #expect(page.json["previous"]?.stringValue?.hasSuffix("/all-transactions/?limit=2") == true, "the first page has no offset, as the official links")
            #expect(try await server.send("GET", "/api/v1/safes/0x12/transfers/").status == 400)
            #expect(try await server.send("GET", "/api/v1/safes/\(devnet.accounts[8].address.checksummed)/all-transactions/").status == 404)

            // v2 of all-transactions: the same items, the multisig one's nonce and gas figures as strings; 20 to a page at most 100.
            let v2 = try await server.send("GET", "/api/v2/safes/\(f.safe.checksummed)/all-transactions/")
            let v2Items = try #require(v2.json["results"]?.arrayValue)
            #expect(v2Items.count == 5 && field(v2Items, "txType") == field(items, "txType") && v2Items[2]["safeTxHash"] == held["safeTxHash"])
            #expect(v2Items[2]["nonce"] == .string(held["nonce"]?.text ?? "?") && held["nonce"] == .number(held["nonce"]?.text ?? "?"), "\(v2Items[2])")
            #expect(try await server.send("GET", "\(base)/all-transactions/?limit=500").json["next"] == .null)
            let small = try await server.send("GET", "\(base)/all-transactions/?limit=1")
            #expect(small.json["next"]?.stringValue?.hasSuffix("?limit=1&offset=1") == true)

            // v2 balances: the v1 lines as a page; the tokens list: every token seen move, as each token's own answer.
            let lines = try await server.send("GET", "\(base)/balances/").json.arrayValue ?? []
            let pagedLines = try await server.send("GET", "/api/v2/safes/\(f.safe.checksummed)/balances/")
            #expect(lines.count >= 2 && pagedLines.json["results"]?.arrayValue == lines && pagedLines.json["count"] == .number(String(lines.count)))
            let tokenList = try await server.send("GET", "/api/v1/tokens/")
            #expect(tokenList.json["count"] == .number("1") && tokenList.json["results"]?.arrayValue == [token.json], "\(tokenList.json)")

            // The node, as the official about/ethereum-rpc/ names it (snake_case; 31337 is GOCHAIN_TESTNET in safe-eth-py's table).
            let node = try await server.send("GET", "/api/v1/about/ethereum-rpc/")
            let client = try await f.remote().send(EthereumRemote.Requests.clientVersion())
            #expect(node.json.objectValue?.map(\.key) == ["version", "block_number", "chain_id", "chain", "syncing"])
            #expect(node.json["version"] == .string(client) && node.json["chain_id"] == .number("31337") && node.json["chain"] == .string("GOCHAIN_TESTNET"))
            #expect(node.json["syncing"] == .bool(false) && (node.json["block_number"]?.text.flatMap { BigUInt($0) } ?? 0) >= receipt.blockNumber)

            // The export: each transfer once, newest first, with who proposed and executed it.
            let export = try await server.send("GET", "\(base)/export/?limit=100")
            let rows = try #require(export.json["results"]?.arrayValue)
            #expect(export.json["count"] == .number("5") && rows.count == 5, "\(export.json)")
            #expect(rows.first?.objectValue?.map(\.key) == ["safe", "to", "amount", "assetType", "assetAddress", "assetSymbol", "assetDecimals", "proposerAddress",
                                                             "proposedAt", "executorAddress", "executedAt", "note", "transactionHash", "contractAddress", "nonce", "from"])
            func exportRow(_ hash: [UInt8], to: Address) -> JSONValue? { rows.first { $0["transactionHash"] == .string(Hex.encode(hash)) && $0["to"] == .string(to.checksummed) } }
            let paid = try #require(exportRow(batchRun.transaction.hash, to: payee)), sent = try #require(exportRow(batchRun.transaction.hash, to: carol))
            for held in [paid, sent] {
                #expect(held["proposerAddress"] == .string(devnet.accounts[4].address.checksummed) && held["nonce"] == .string("0")
                        && held["executorAddress"] == .string(f.owners[1].checksummed)
                        && held["contractAddress"] == .string(batch.transaction.to.checksummed) && held["proposedAt"] != .null, "\(held)")
            }
            #expect(paid["assetType"] == .string("native") && paid["amount"] == .string(String(quarter)) && paid["assetSymbol"] == .string("ETH")
                    && paid["assetDecimals"] == .number("18") && paid["assetAddress"] == .null)
            #expect(sent["assetType"] == .string("erc20") && sent["amount"] == .string(String(tokens)) && sent["assetAddress"] == .string(devnet.testToken.checksummed)
                    && sent["assetSymbol"] == token.json["symbol"] && sent["assetDecimals"] == token.json["decimals"])
            let byItself = try #require(exportRow(byModule.transaction.hash, to: carol))
            #expect(byItself["executorAddress"] == .string(f.owners[0].checksummed) && byItself["proposerAddress"] == .null && byItself["nonce"] == .null
                    && byItself["contractAddress"] == .string(carol.checksummed), "the module executed it: \(byItself)")
            let incomingToken = try #require(rows.first { $0["assetType"] == .string("erc20") && $0["to"] == .string(f.safe.checksummed) })
            #expect(incomingToken["executorAddress"] == .string(devnet.accounts[0].address.checksummed) && incomingToken["contractAddress"] == .null)
            let dates = rows.compactMap { $0["executedAt"]?.stringValue }
            #expect(dates == dates.sorted(by: >), "newest first")
            let after = try #require(dates.first)
            #expect(try await server.send("GET", "\(base)/export/?execution_date__gte=2999-01-01T00:00:00Z").json["count"] == .number("0"))
            #expect(try await server.send("GET", "\(base)/export/?execution_date__lte=\(after)").json["count"] == .number("5"))
            #expect(try await server.send("GET", "\(base)/export/?execution_date__gte=tomorrow").status == 400)
            #expect(try await server.send("GET", "\(base)/export/").json["results"]?.arrayValue?.count == 5, "10 to a page")

            // How far the follower has read, as the official indexers report it.
            let indexing = try await server.send("GET", "/api/v1/about/indexing/").json
            let followed = try #require(try await service.storage.followedBlock(chainID: devnet.chainID))
            let followedBlock = try #require(try await f.remote().block(.number(followed)))
            #expect(indexing.objectValue?.map(\.key) == ["currentBlockNumber", "currentBlockTimestamp", "erc20BlockNumber", "erc20BlockTimestamp", "erc20Synced",
                                                          "masterCopiesBlockNumber", "masterCopiesBlockTimestamp", "masterCopiesSynced", "synced"])
            #expect(indexing["erc20BlockNumber"] == .number(String(followed)) && indexing["masterCopiesBlockNumber"] == .number(String(followed)))
            #expect(indexing["erc20BlockTimestamp"] == ServiceWireDate.json(Date(timeIntervalSince1970: TimeInterval(followedBlock.timestamp))))
            #expect((BigUInt(indexing["currentBlockNumber"]?.text ?? "") ?? 0) >= followed && indexing["synced"] == .bool(true), "\(indexing)")

            // Estimations: 0 for a payment the Safe can make; a token transfer beyond its balance fails as the Safe would run it.
            let estimations = "/api/v1/safes/\(f.safe.checksummed)/multisig-transactions/estimations/"
            let payment = try await server.send("POST", estimations, #"{"to": "\#(payee.checksummed)", "value": "1", "operation": 0}"#)
            #expect(payment.status == 200 && payment.json["safeTxGas"] == .string("0"), "\(payment.json)")
            let tooMuch = try ERC20.transfer(to: carol, amount: 1_000_000 * SafeFixture.ether)
            let failed = try await server.send("POST", estimations, #"{"to": "\#(devnet.testToken.checksummed)", "value": "0", "data": "\#(Hex.encode(tooMuch))", "operation": 0}"#)
            #expect(failed.status == 422 && failed.json["code"] == .number("30"), "\(failed.json)")

            // The singletons with code here, each from the block its code appeared in; the Safe's own among them, named alike.
            let singletons = try await server.send("GET", "/api/v1/about/singletons/").json.arrayValue ?? []
            let described = try await server.send("GET", "/api/v1/safes/\(f.safe.checksummed)/").json
            let own = singletons.first { $0["address"] == described["masterCopy"] }
            #expect(own?["version"] == described["version"] && own?["deployer"] == .string("Safe"), "\(singletons)")
            for singleton in singletons {
                let address = try Address(singleton["address"]?.stringValue ?? "")
                let deployed = BigUInt(singleton["deployedBlockNumber"]?.text ?? "") ?? 0
                #expect(singleton.objectValue?.map(\.key) == ["address", "version", "deployer", "deployedBlockNumber", "lastIndexedBlockNumber", "l2"])
                let codeThen = try await f.remote().code(at: address, at: .number(deployed))
                let codeBefore = deployed == 0 ? [] : try await f.remote().code(at: address, at: .number(deployed - 1))
                #expect(!codeThen.isEmpty && codeBefore.isEmpty, "\(singleton)")
                #expect((singleton["version"]?.stringValue?.hasSuffix("+L2") == true) == (singleton["l2"] == .bool(true)))
                #expect(singleton["lastIndexedBlockNumber"] != .null, "the follower has read the chain")
            }

            // Each release's contracts deployed here, under their official names; the Safe's singleton among them.
            let deployments = try await server.send("GET", "/api/v1/about/deployments/").json.arrayValue ?? []
            #expect(deployments.map { $0["version"] } == SafeVersion.supported.map { .string($0.rawValue) })
            let contracts = deployments.flatMap { $0["contracts"]?.arrayValue ?? [] }
            #expect(contracts.first?.objectValue?.map(\.key) == ["contractName", "address"])
            let singletonName = described["version"]?.stringValue?.hasSuffix("+L2") == true ? "SafeL2" : "Safe"
            #expect(contracts.contains { $0["address"] == described["masterCopy"] && $0["contractName"] == .string(singletonName) }, "\(deployments)")
            for contract in contracts {
                #expect(!(try await f.remote().code(at: try Address(contract["address"]?.stringValue ?? ""))).isEmpty, "listed only with code: \(contract)")
            }
            let one = try await server.send("GET", "/api/v1/about/deployments/?version=1.3.0&contract=GnosisSafe").json.arrayValue ?? []
            #expect(one.count == 1 && one.first?["contracts"]?.arrayValue?.map { $0["contractName"] } == [.string("GnosisSafe")], "\(one)")
            let unknown = try await server.send("GET", "/api/v1/about/deployments/?version=9.9.9")
            #expect(unknown.status == 404 && unknown.json == .null, "an unknown release: 404 with no body")
        }
    }
}
