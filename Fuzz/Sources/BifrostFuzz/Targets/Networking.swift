import BigInt
import EthereumKit
import Foundation
import Networking
import SafeKit

/// A `Network` whose every answer is the fuzz input, with status 200: the clients under test
/// parse it exactly as they parse a node's or a service's answer.
struct MemoryNetwork: Network {
    let body: [UInt8]

    func send(_ request: HTTPRequest) async throws(NetworkError) -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }

    func events(_ request: HTTPRequest) -> AsyncThrowingStream<ServerSentEvent, any Error> { bufferedEvents(request) }
}

let fuzzEndpoint = try! RPCEndpoint("http://127.0.0.1:8545")
let fuzzHash = [UInt8](repeating: 0x11, count: 32)
let fuzzAddress = try! Address("0x1d5E2Cb8b3e2Df2F1e6f8B34b1A8bC4A9F2bd5E1")

/// JSON-RPC answers: the input as the body of a node's answer to one call (`JSONRPCClient.call`,
/// whose `result` then goes through every `RPCMapper`), and as the answer to batches of typed
/// requests (`EthereumRemote.batch`, answers matched by id and mapped).
let jsonRPCTarget = FuzzTarget(
    name: "jsonrpc",
    summary: "JSON-RPC answers: JSONRPCClient.call/batch, EthereumRemote.batch, every RPCMapper",
    run: { bytes in
        _ = try? HTTPResponse(status: 502, body: bytes).requireSuccess()
        let rpc = JSONRPCClient(network: MemoryNetwork(body: bytes), endpoint: fuzzEndpoint)
        let remote = EthereumRemote(rpc: rpc)
        return runSynchronously {
            var accepted = false
            do {
                mapEverything(try await rpc.call("eth_fuzz", []))
                accepted = true
            } catch {
                describe(error)
            }
            typealias R = EthereumRemote.Requests
            do {
                let (chain, block, receipt, logs, fees, tx) = try await remote.batch(
                    R.chainID(), R.block(.latest), R.transactionReceipt(hash: fuzzHash),
                    R.logs(LogFilter(fromBlock: .number(0), toBlock: .latest, address: [fuzzAddress], topics: [])),
                    R.feeHistory(blockCount: 4, newest: .latest, rewardPercentiles: [10, 50]), R.transaction(hash: fuzzHash))
                for outcome in [chain.map { "\($0)" }, block.map { "\(String(describing: $0))" },
                                receipt.map { "\(String(describing: $0))" }, logs.map { "\($0)" },
                                fees.map { "\($0)" }, tx.map { "\(String(describing: $0))" }] {
                    if case .failure(let error) = outcome { describe(error) } else { accepted = true }
                }
            } catch {
                describe(error)
            }
            do {
                let balances = try await remote.batch([R.balance(of: fuzzAddress), R.transactionCount(of: fuzzAddress), R.gasPrice()])
                require(balances.count == 3, "a batch of 3 gave \(balances.count) outcomes")
            } catch {
                describe(error)
            }
            return accepted
        }
    },
    seeds: { vectors in
        var seeds = vectors.jsonFiles(in: "NetworkingTests/Fixtures").filter { $0.first == UInt8(ascii: "{") && $0.count <= 4096 }
        func answer(_ id: Int, _ result: JSONValue) -> JSONValue {
            object(["jsonrpc": .string("2.0"), "id": .number(String(id)), "result": result])
        }
        let log = object([
            "address": .string(fuzzAddress.lowercased), "topics": .array([.string(Hex.encode(fuzzHash))]),
            "data": .string("0x01"), "blockNumber": .string("0x1b4"), "transactionHash": .string(Hex.encode(fuzzHash)),
            "logIndex": .string("0x0"),
        ])
        let receipt = object([
            "status": .string("0x1"), "transactionHash": .string(Hex.encode(fuzzHash)), "blockNumber": .string("0x1b4"),
            "gasUsed": .string("0x5208"), "effectiveGasPrice": .string("0x3b9aca00"), "from": .string(fuzzAddress.lowercased),
            "to": .null, "contractAddress": .string(fuzzAddress.lowercased), "logs": .array([log]),
        ])
        let block = object([
            "number": .string("0x1b4"), "hash": .string(Hex.encode(fuzzHash)), "timestamp": .string("0x6650f5a1"),
            "baseFeePerGas": .string("0x7"), "gasLimit": .string("0x1c9c380"),
            "transactions": .array([.string(Hex.encode(fuzzHash)), object(["hash": .string(Hex.encode(fuzzHash))])]),
        ])
        let fees = object([
            "oldestBlock": .string("0x10"), "baseFeePerGas": .array([.string("0x1"), .string("0x2")]),
            "gasUsedRatio": .array([.number("0.5"), .number("1e-3")]), "reward": .array([.array([.string("0x0"), .string("0x1")])]),
        ])
        let tx = object([
            "hash": .string(Hex.encode(fuzzHash)), "from": .string(fuzzAddress.lowercased), "to": .null, "nonce": .string("0x0"),
            "value": .string("0xde0b6b3a7640000"), "input": .string("0x"), "blockNumber": .null, "gas": .string("0x5208"),
            "gasPrice": .string("0x1"), "maxFeePerGas": .string("0x2"), "maxPriorityFeePerGas": .string("0x1"),
        ])
        // The batches answered in another order than asked, one element an error object.
        seeds.append(jsonBytes(.array([answer(6, tx), answer(2, block), answer(1, .string("0x7a69")), answer(3, receipt),
                                       answer(5, fees), answer(4, .array([log]))])))
        seeds.append(jsonBytes(.array([answer(3, .string("0x3b9aca00")), answer(1, .string("0xde0b6b3a7640000")),
                                       object(["jsonrpc": .string("2.0"), "id": .number("2"),
                                               "error": object(["code": .number("-32000"), "message": .string("nonce too low"),
                                                                "data": .string("0x08c379a0")])])])))
        // One answer per mapper shape, and the errors nodes send.
        for result in [receipt, block, fees, tx, .array([log]), .string("0x"), .string("0x00ff"), .number("0.25"), .null] {
            seeds.append(jsonBytes(answer(1, result)))
        }
        seeds.append(jsonBytes(object(["jsonrpc": .string("2.0"), "id": .null,
                                       "error": object(["code": .number("-32700"), "message": .string("parse error")])])))
        seeds.append(jsonBytes(object(["jsonrpc": .string("2.0"), "id": .string("1"), "error": .string("rate limited")])))
        return seeds
    }
)

/// Every mapper on one `result`: most refuse the shape at once, the matching one reads it all.
func mapEverything(_ result: JSONValue) {
    func attempt<T>(_ map: (JSONValue) throws(NetworkError) -> T) {
        do { _ = try map(result) } catch { describe(error) }
    }
    attempt { v throws(NetworkError) in
        let q = try RPCMapper.quantity(v)
        require(q.bitWidth <= 256, "a quantity wider than 256 bits was accepted")
    }
    attempt { v throws(NetworkError) in try RPCMapper.data(v) }
    attempt { v throws(NetworkError) in
        let h = try RPCMapper.hash(v)
        require(h.count == 32, "a hash is not 32 bytes")
    }
    attempt { v throws(NetworkError) in try RPCMapper.address(v) }
    attempt { v throws(NetworkError) in try RPCMapper.double(v) }
    attempt { v throws(NetworkError) in try RPCMapper.array(v) }
    attempt { v throws(NetworkError) in try RPCMapper.logs(v) }
    attempt { v throws(NetworkError) in try RPCMapper.log(v) }
    attempt { v throws(NetworkError) in try RPCMapper.receipt(v) }
    attempt { v throws(NetworkError) in try RPCMapper.transaction(v) }
    attempt { v throws(NetworkError) in try RPCMapper.block(v) }
    attempt { v throws(NetworkError) in try RPCMapper.feeHistory(v) }
    attempt { v throws(NetworkError) in try RPCMapper.optional(v) { x throws(NetworkError) in try RPCMapper.quantity(x) } }
}

/// An error's message, as the command line prints it: building it must not trap either.
func describe(_ error: any Error) {
    _ = String(describing: error)
    if let network = error as? NetworkError {
        _ = network.revertData
        _ = network.isRevert
    }
}

/// Safe Transaction Service answers: the input as the body of the pending-transactions list
/// (`SafeServiceRemote.pending`: hashes recomputed, confirmations recovered) and of a Safe's info.
let safeServiceTarget = FuzzTarget(
    name: "safe-service",
    summary: "Safe Transaction Service answers: SafeServiceRemote.pending (SafeServiceMapper) and safeInfo",
    run: { bytes in
        let remote = SafeServiceRemote(network: MemoryNetwork(body: bytes), baseURL: URL(string: "https://safe-service.invalid")!)
        return runSynchronously {
            var accepted = false
            do {
                let listing = try await remote.pending(safe: fuzzAddress, nonce: 0, chainID: 11_155_111, version: .v1_4_1)
                let items = listing.transactions
                accepted = !items.isEmpty
                for item in items {
                    require((try? item.transaction.hash()) == item.safeTxHash, "a listed transaction's hash was not recomputed")
                    for confirmation in item.confirmations {
                        require((try? SafeSignature(bytes: confirmation.bytes, safeTxHash: item.safeTxHash))?.owner == confirmation.owner,
                                "a confirmation does not recover to its owner")
                    }
                }
            } catch {
                describe(error)
            }
            do {
                let info = try await remote.safeInfo(fuzzAddress)
                _ = info.owners.map(\.checksummed)
                accepted = true
            } catch {
                describe(error)
            }
            return accepted
        }
    },
    seeds: { vectors in
        var seeds = [[UInt8]]()
        for name in ["safes.multisig-transactions.json", "safes.info.json"] {
            if let bytes = vectors.bytes("NetworkingTests/Fixtures/" + name) { seeds.append(bytes) }
        }
        // Lists made by Bifrost: the fields as the service writes them (numbers as strings or
        // JSON numbers), with valid, invalid and missing confirmations.
        var results = [JSONValue]()
        for (tx, signatures) in sampleSafeTransactions(chainID: 11_155_111, version: .v1_4_1) {
            guard let hash = try? tx.hash() else { continue }
            var confirmations = signatures.map { s in
                object(["owner": .string(s.owner.checksummed), "signature": .string(Hex.encode(s.bytes))])
            }
            confirmations.append(object(["owner": .string(fuzzAddress.checksummed), "signature": .null]))
            results.append(object([
                "safe": .string(tx.safe.checksummed), "to": .string(tx.to.checksummed), "value": .string(String(tx.value)),
                "data": tx.data.isEmpty ? .null : .string(Hex.encode(tx.data)), "operation": .number(String(tx.operation.rawValue)),
                "safeTxGas": .number(String(tx.safeTxGas)), "baseGas": .string(String(tx.baseGas)),
                "gasPrice": .string(String(tx.gasPrice)), "gasToken": .string(tx.gasToken.checksummed),
                "refundReceiver": .string(tx.refundReceiver.checksummed), "nonce": .number(String(tx.nonce)),
                "safeTxHash": .string(Hex.encode(hash)), "isExecuted": .bool(false), "confirmations": .array(confirmations),
            ]))
        }
        seeds.append(jsonBytes(object(["count": .number(String(results.count)), "results": .array(results)])))
        for result in results {
            seeds.append(jsonBytes(object(["results": .array([result])])))
        }
        seeds.append(jsonBytes(object([
            "address": .string(fuzzAddress.checksummed), "nonce": .string("3"), "threshold": .number("2"),
            "owners": .array([.string(fuzzAddress.lowercased)]), "version": .string("1.4.1+L2"),
        ])))
        seeds.append(Array("   ".utf8))
        return seeds
    }
)
