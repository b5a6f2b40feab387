// swift-tools-version:6.0
// libFuzzer targets for every decoder of untrusted input in Bifrost, kept in their own package so
// that the main package's build is untouched. One executable, `BifrostFuzz`, holds every target
// and picks one from the environment variable BIFROST_FUZZ_TARGET, so one sanitizer build serves
// them all. Build and run through `scripts/fuzz` at the repository root (see README.md here).
import PackageDescription

let package = Package(
    name: "BifrostFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Bifrost", path: ".."),
        .package(url: "https://github.com/attaswift/BigInt", from: "6.0.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .executableTarget(
            name: "BifrostFuzz",
            dependencies: [
                .product(name: "EthereumKit", package: "Bifrost"),
                .product(name: "SafeKit", package: "Bifrost"),
                .product(name: "Networking", package: "Bifrost"),
                .product(name: "NetworkingTesting", package: "Bifrost"),
                .product(name: "Storage", package: "Bifrost"),
                .product(name: "Services", package: "Bifrost"),
                // `serve`: the server's rules and HTTP over SQLite in memory; nothing here builds PostgreSQL's client.
                .product(name: "CoSigning", package: "Bifrost"),
                .product(name: "CoSigningSQLite", package: "Bifrost"),
                .product(name: "BifrostServer", package: "Bifrost"),
                .product(name: "BigInt", package: "BigInt"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/BifrostFuzz",
            // libFuzzer's runtime provides `main`; this module only defines LLVMFuzzerTestOneInput.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
