import Dispatch
import EthereumKit
import Foundation

/// One fuzz target: a decoder of untrusted input, driven by libFuzzer one input at a time.
///
/// `run` must return normally for every input. A thrown error is the decoder doing its job and is
/// swallowed by the target; anything else (a trap such as an index out of range or an overflow,
/// a failed `require`, a sanitizer report) is a crash that libFuzzer records.
struct FuzzTarget: Sendable {
    /// The name `BIFROST_FUZZ_TARGET` and `scripts/fuzz` use.
    let name: String
    /// One line for `scripts/fuzz --help`.
    let summary: String
    /// Runs one input; true when the decoder accepted it (went past its checks), which tells
    /// whether the seeds still reach the code behind them.
    let run: @Sendable ([UInt8]) -> Bool
    /// Small valid (and a few invalid) inputs to start from, built with Bifrost's own encoders and
    /// read from the project's test vectors.
    let seeds: @Sendable (Vectors) -> [[UInt8]]
}

/// A property every input must keep; a violation is a crash, with `message` in the report.
@inline(never)
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
             file: StaticString = #fileID, line: UInt = #line) {
    if !condition() {
        fatalError("fuzz property violated: \(message())", file: file, line: line)
    }
}

/// Runs `body`, an async call that never really suspends (the networking targets answer from
/// memory), to completion on this thread, and returns its value. `Task.immediate` runs the task
/// synchronously up to its first suspension; should one ever happen, this waits for it.
func runSynchronously<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
    let box = ResultBox<T>()
    Task.immediate {
        box.value = await body()
        box.done.signal()
    }
    box.done.wait()
    return box.value!
}

/// Where `runSynchronously` leaves the task's value; the semaphore orders the write before the read.
private final class ResultBox<T: Sendable>: @unchecked Sendable {
    var value: T?
    let done = DispatchSemaphore(value: 0)
}

/// The project's own test vectors (the `Tests/` folder), read-only, for seeds. Files that are
/// missing or unreadable give no seeds rather than an error: the built-in seeds still apply.
struct Vectors: Sendable {
    /// The repository's `Tests` folder, or nil to use the built-in seeds only.
    let root: String?

    /// The bytes of `path` under `root`.
    func bytes(_ path: String) -> [UInt8]? {
        guard let root, let data = FileManager.default.contents(atPath: root + "/" + path) else { return nil }
        return [UInt8](data)
    }

    /// `path` under `root`, parsed with Bifrost's own JSON parser.
    func json(_ path: String) -> JSONValue? {
        bytes(path).flatMap { try? JSONParser.parse($0) }
    }

    /// The `*.json` files of a folder under `root`, sorted by name.
    func jsonFiles(in folder: String) -> [[UInt8]] {
        guard let root, let names = try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder) else { return [] }
        return names.filter { $0.hasSuffix(".json") }.sorted().compactMap { bytes(folder + "/" + $0) }
    }
}

/// Hex text (with or without 0x) as bytes, or nil.
func hexBytes(_ value: JSONValue?) -> [UInt8]? {
    guard let text = value?.stringValue else { return nil }
    return try? Hex.decode(text)
}

/// The compact JSON text of `value` as bytes.
func jsonBytes(_ value: JSONValue) -> [UInt8] { Array(JSONWriter.write(value).utf8) }

/// A JSON object from key/value pairs, keeping their order.
func object(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
    .object(members.map { (key: $0.key, value: $0.value) })
}

/// A deterministic private key for seeds: keccak256 of `label`. Throwaway keys of no value.
func seedKey(_ label: String) -> PrivateKey {
    try! PrivateKey(bytes: Keccak256.hash(Array(label.utf8)))
}
