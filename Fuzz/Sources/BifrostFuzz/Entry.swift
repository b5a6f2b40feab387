import Foundation

// The libFuzzer entry points. libFuzzer's runtime owns `main`: it parses its flags, calls
// LLVMFuzzerInitialize once, then LLVMFuzzerTestOneInput for every input.
//
// Environment:
//   BIFROST_FUZZ_TARGET=NAME         the target to run (required); `list` prints the targets and exits
//   BIFROST_FUZZ_WRITE_SEEDS=DIR     write the target's seed inputs into DIR and exit
//   BIFROST_FUZZ_VECTORS=DIR         the repository's Tests folder, read for extra seeds

/// Every target, in the order `scripts/fuzz` runs them.
let allTargets: [FuzzTarget] = [
    rlpTarget,
    abiTarget,
    abiSignatureTarget,
    transactionTarget,
    jsonTarget,
    typedDataTarget,
    keystoreTarget,
    safeFileTarget,
    jsonRPCTarget,
    safeServiceTarget,
    deploymentsTarget,
    serveTarget,
    contractABITarget,
    sheetsTarget,
    builderFileTarget,
    messageFileTarget,
]

/// The target chosen at initialisation; read by every call of LLVMFuzzerTestOneInput.
nonisolated(unsafe) private var selected: FuzzTarget?

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<CInt>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    let environment = ProcessInfo.processInfo.environment
    let names = allTargets.map(\.name).joined(separator: " ")
    guard let name = environment["BIFROST_FUZZ_TARGET"], !name.isEmpty else {
        printError("BifrostFuzz: set BIFROST_FUZZ_TARGET to one of: \(names) (or `list`)")
        exit(2)
    }
    if name == "list" {
        for t in allTargets { print("\(t.name)\t\(t.summary)") }
        exit(0)
    }
    guard let target = allTargets.first(where: { $0.name == name }) else {
        printError("BifrostFuzz: unknown target '\(name)'; targets: \(names)")
        exit(2)
    }
    selected = target
    if let dir = environment["BIFROST_FUZZ_WRITE_SEEDS"], !dir.isEmpty {
        let vectors = Vectors(root: environment["BIFROST_FUZZ_VECTORS"].flatMap { $0.isEmpty ? nil : $0 })
        var written = Set<[UInt8]>()
        var files = [(name: String, bytes: [UInt8])]()
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            for seed in target.seeds(vectors) where written.insert(seed).inserted {
                let name = "seed-" + String(format: "%03d", written.count)
                guard FileManager.default.createFile(atPath: dir + "/" + name, contents: Data(seed)) else {
                    throw CocoaError(.fileWriteUnknown)
                }
                files.append((name, seed))
            }
        } catch {
            printError("BifrostFuzz: cannot write seeds into \(dir): \(error)")
            exit(1)
        }
        // How many seeds the decoder accepts: when a format changes and its seeds stop getting
        // through, fuzzing silently gets shallow, so scripts/fuzz shows this number.
        let rejected = files.filter { !target.run($0.bytes) }.map(\.name)
        print("\(target.name): \(files.count) seeds, \(files.count - rejected.count) accepted")
        if !rejected.isEmpty { print("rejected: " + rejected.joined(separator: " ")) }
        exit(0)
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    _ = selected!.run(bytes)
    return 0
}

/// One line on standard error.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
