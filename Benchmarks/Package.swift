// swift-tools-version:6.1
// Benchmarks for Bifrost, kept in their own package so that the main package does not depend on
// the benchmark harness. Run everything, with the reference implementations side by side, through
// `./run` in this directory (see README.md).
import PackageDescription

let package = Package(
    name: "BifrostBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Bifrost", path: ".."),
        // The MallocInterposer trait only: the default traits also pull ordo-one's
        // swift-runtime-interposer (Linux, Swift 6.3), which these benchmarks do not need and the
        // offline package mirror does not have.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        // ServeBare and NodeCache only: the same HTTP server as `bifrost serve`.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        .executableTarget(
            name: "EthereumKitBenchmarks",
            dependencies: [
                .product(name: "EthereumKit", package: "Bifrost"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/EthereumKitBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Issue 3's key benchmarks (see ../keys): timed here, compared with eth-account there.
        .executableTarget(
            name: "KeyBench",
            dependencies: [.product(name: "EthereumKit", package: "Bifrost")],
            path: "Sources/KeyBench"
        ),
        // Issue 6: AppCore store dispatch throughput (see ../appcore).
        .executableTarget(
            name: "AppCoreBench",
            dependencies: [.product(name: "AppCore", package: "Bifrost")],
            path: "Sources/AppCoreBench"
        ),
        // The same operations, untimed, for instruction counts under valgrind.
        .executableTarget(
            name: "EthereumKitOps",
            dependencies: [.product(name: "EthereumKit", package: "Bifrost")],
            path: "Sources/EthereumKitOps"
        ),
        // The limit of ../serve: a bare Hummingbird endpoint decoding the same JSON bodies.
        .executableTarget(
            name: "ServeBare",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")],
            path: "Sources/ServeBare"
        ),
        // ../serve's caching JSON-RPC proxy: bifrost serve with the node's cost taken out.
        .executableTarget(
            name: "NodeCache",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")],
            path: "Sources/NodeCache"
        ),
    ],
    swiftLanguageModes: [.v6]
)
