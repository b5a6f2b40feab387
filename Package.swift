// swift-tools-version:6.0
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Bifrost",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "EthereumKit", targets: ["EthereumKit"]),
        .library(name: "SafeKit", targets: ["SafeKit"]),
        .library(name: "Storage", targets: ["Storage"]),
        .library(name: "Networking", targets: ["Networking"]),
        // MockNetwork, for tests and the fuzzer; no shipping product links it.
        .library(name: "NetworkingTesting", targets: ["NetworkingTesting"]),
        .library(name: "Services", targets: ["Services"]),
        .library(name: "AppCore", targets: ["AppCore"]),
        .library(name: "AppCoreTesting", targets: ["AppCoreTesting"]),
        // The server's room: `bifrost serve`'s rules, its storage protocol and both implementations,
        // and its HTTP front end, for the fuzzer and for apps that embed the server.
        .library(name: "CoSigning", targets: ["CoSigning"]),
        .library(name: "CoSigningStorage", targets: ["CoSigningStorage"]),
        .library(name: "CoSigningSQLite", targets: ["CoSigningSQLite"]),
        .library(name: "CoSigningPostgres", targets: ["CoSigningPostgres"]),
        .library(name: "BifrostServer", targets: ["BifrostServer"]),
        .executable(name: "bifrost", targets: ["bifrost"]),
    ],
    dependencies: [
        .package(url: "https://github.com/attaswift/BigInt", from: "6.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        // The wallet's room (Sources/Wallet): what one person's Bifrost knows and does, from the
        // primitives up to AppCore's features. None of it depends on the server's room or PostgreSQL.
        .systemLibrary(
            name: "CSecp256k1",
            path: "Sources/Wallet/CSecp256k1",
            pkgConfig: "libsecp256k1",
            providers: [.apt(["libsecp256k1-dev"]), .brew(["secp256k1"])]
        ),
        // USB HID for Ledger devices: Debian's libhidapi-dev, Homebrew's hidapi. The library's name
        // differs (hidapi-hidraw on Linux, hidapi on macOS), so Networking links it per platform.
        .systemLibrary(
            name: "CHIDAPI",
            path: "Sources/Wallet/CHIDAPI",
            providers: [.apt(["libhidapi-dev"]), .brew(["hidapi"])]
        ),
        .systemLibrary(
            name: "CZlib",
            path: "Sources/Wallet/CZlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .target(
            name: "EthereumKit",
            dependencies: [
                "CSecp256k1",
                .product(name: "BigInt", package: "BigInt"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            path: "Sources/Wallet/EthereumKit",
            swiftSettings: strictSettings
        ),
        .target(name: "SafeKit", dependencies: ["EthereumKit", .product(name: "BigInt", package: "BigInt")], path: "Sources/Wallet/SafeKit", swiftSettings: strictSettings),
        .target(
            name: "Storage",
            dependencies: ["EthereumKit", "SafeKit", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "BigInt", package: "BigInt")],
            path: "Sources/Wallet/Storage",
            swiftSettings: strictSettings
        ),
        .target(
            name: "Networking",
            dependencies: [
                "EthereumKit", "SafeKit", "CHIDAPI",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "BigInt", package: "BigInt"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Sources/Wallet/Networking",
            swiftSettings: strictSettings,
            linkerSettings: [
                .linkedLibrary("hidapi-hidraw", .when(platforms: [.linux])),
                .linkedLibrary("hidapi", .when(platforms: [.macOS])),
            ]
        ),
        // MockNetwork and its fixtures (a Safe's node, JSON-RPC answers, faults): tests only (Sources/Testing).
        .target(
            name: "NetworkingTesting",
            dependencies: ["Networking", "EthereumKit", "SafeKit", .product(name: "BigInt", package: "BigInt")],
            path: "Sources/Testing/NetworkingTesting",
            swiftSettings: strictSettings
        ),
        .target(
            name: "Services",
            dependencies: ["EthereumKit", "SafeKit", "Storage", "Networking", .product(name: "BigInt", package: "BigInt")],
            path: "Sources/Wallet/Services",
            swiftSettings: strictSettings
        ),
        .target(name: "AppCore", dependencies: ["Services", .product(name: "Logging", package: "swift-log"), .product(name: "BigInt", package: "BigInt")], path: "Sources/Wallet/AppCore", swiftSettings: strictSettings),
        // The exhaustive TestStore, for the tests of any app built on AppCore.
        .target(name: "AppCoreTesting", dependencies: ["AppCore"], path: "Sources/Testing/AppCoreTesting", swiftSettings: strictSettings),
        // The front ends (Sources/FrontEnds): they parse input and render output, nothing else.
        //
        // What both HTTP front ends need of a connection: read timeouts, a cap per client, one Host,
        // and event streams closed as soon as their client leaves.
        .target(
            name: "HTTPServing",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
            ],
            path: "Sources/FrontEnds/HTTPServing",
            swiftSettings: strictSettings
        ),
        // The local web dashboard: pages rendered from AppCore features' state, served on loopback.
        .target(
            name: "BifrostDashboard",
            dependencies: [
                "AppCore",
                "HTTPServing",
                .product(name: "Hummingbird", package: "hummingbird"),
                // Live-update streams end on Ctrl-C instead of holding the graceful shutdown open.
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "BigInt", package: "BigInt"),
            ],
            path: "Sources/FrontEnds/BifrostDashboard",
            swiftSettings: strictSettings
        ),
        // The server's room (Sources/Server): `bifrost serve`'s rules, its storage protocol with one
        // target per database, and its HTTP front end. No wallet-side target depends on any of it.
        //
        // The co-signing rules: admission, events and webhooks, the follower, served listings; over
        // the wallet's rules (the signature gate, SafeReader) and the storage protocol.
        .target(
            name: "CoSigning",
            dependencies: [
                "Services", "CoSigningStorage", "Storage", "Networking", "EthereumKit", "SafeKit",
                .product(name: "BigInt", package: "BigInt"),
            ],
            path: "Sources/Server/CoSigning",
            swiftSettings: strictSettings
        ),
        // Where a co-signing server keeps its data: the storage protocol and the served entities.
        .target(
            name: "CoSigningStorage",
            dependencies: ["Storage", "EthereumKit", "SafeKit", .product(name: "BigInt", package: "BigInt")],
            path: "Sources/Server/CoSigningStorage",
            swiftSettings: strictSettings
        ),
        // The co-signing storage in one SQLite file (GRDB): the default.
        .target(
            name: "CoSigningSQLite",
            dependencies: [
                "CoSigningStorage", "Storage", "EthereumKit", "SafeKit",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "BigInt", package: "BigInt"),
            ],
            path: "Sources/Server/CoSigningSQLite",
            swiftSettings: strictSettings
        ),
        // The co-signing storage on a PostgreSQL server, for several `bifrost serve` processes sharing one.
        .target(
            name: "CoSigningPostgres",
            dependencies: [
                "CoSigningStorage", "Storage", "EthereumKit", "SafeKit",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "BigInt", package: "BigInt"),
            ],
            path: "Sources/Server/CoSigningPostgres",
            swiftSettings: strictSettings
        ),
        // `bifrost serve`'s HTTP: the Safe Transaction Service API subset over the co-signing rules,
        // errors that carry their status, and the application whose services follow the chain and
        // deliver webhooks. It names no database: the composition root (the CLI's serve) picks one.
        .target(
            name: "BifrostServer",
            dependencies: [
                "CoSigning",
                "Services",
                "HTTPServing",
                "Networking",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "BigInt", package: "BigInt"),
            ],
            path: "Sources/Server/BifrostServer",
            swiftSettings: strictSettings
        ),
        .target(
            name: "BifrostCLI",
            dependencies: [
                "Services",
                "BifrostDashboard",
                "BifrostServer",
                // `serve` is the server's composition root: it picks the storage at start-up.
                "CoSigning", "CoSigningStorage", "CoSigningSQLite", "CoSigningPostgres",
                "HTTPServing",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "BigInt", package: "BigInt"),
            ],
            path: "Sources/FrontEnds/BifrostCLI",
            swiftSettings: strictSettings
        ),
        .executableTarget(name: "bifrost", dependencies: ["BifrostCLI"], path: "Sources/FrontEnds/bifrost", swiftSettings: strictSettings),
        .target(name: "TestSupport", dependencies: ["EthereumKit", "CZlib"], path: "Tests/TestSupport", swiftSettings: strictSettings),
        // The co-signing backends (SQLite, and PostgreSQL when a test server runs) for the suites that run on each.
        .target(name: "CoSigningTestSupport", dependencies: ["CoSigningStorage", "CoSigningSQLite", "CoSigningPostgres", "Storage"],
                path: "Tests/CoSigningTestSupport", swiftSettings: strictSettings),
        .testTarget(
            name: "EthereumKitTests",
            dependencies: [
                "EthereumKit", "TestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "BigInt", package: "BigInt"),
            ],
            resources: [.copy("Vectors")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "StorageTests",
            // The co-signing storages too: one suite holds SQLite and PostgreSQL, and the wallet's
            // database and the server's, to the same rules.
            dependencies: ["Storage", "CoSigningStorage", "CoSigningSQLite", "CoSigningPostgres", "CoSigningTestSupport", "TestSupport", .product(name: "BigInt", package: "BigInt")],
            // A database file the 0.1.0 release wrote, for the migration test (Fixtures/README.txt).
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        // A process the crash test kills while it rewrites a vault file; built with the tests.
        .executableTarget(name: "VaultCrashProbe", dependencies: ["Storage"], path: "Tests/VaultCrashProbe", swiftSettings: strictSettings),
        .testTarget(
            name: "NetworkingTests",
            dependencies: [
                "NetworkingTesting", "Networking",
                "SafeKit",
                "TestSupport",
                .product(name: "BigInt", package: "BigInt"),
                // An in-process HTTP server on 127.0.0.1 for the LiveNetwork tests.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        // Real transactions on the local chain that `scripts/devnet` starts (see scripts/test).
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                "Services", "Storage", "Networking", "BifrostServer", "HTTPServing", "TestSupport",
                // The server's room, and serve's composition root that opens its storage.
                "CoSigning", "CoSigningStorage", "BifrostCLI", "CoSigningTestSupport",
                .product(name: "BigInt", package: "BigInt"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SafeKitTests",
            dependencies: ["SafeKit", "TestSupport", .product(name: "BigInt", package: "BigInt")],
            resources: [.copy("Vectors")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ServicesTests",
            // Storage too: fixtures write rows directly, as another process would.
            dependencies: ["NetworkingTesting", "Services", "Storage", "Networking", "TestSupport", .product(name: "BigInt", package: "BigInt")],
            swiftSettings: strictSettings
        ),
        // The co-signing rules: webhooks, served listings.
        .testTarget(
            name: "CoSigningTests",
            dependencies: [
                "CoSigning", "CoSigningStorage", "CoSigningSQLite", "NetworkingTesting", "Services", "Networking", "TestSupport",
                .product(name: "BigInt", package: "BigInt"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "AppCoreTests",
            dependencies: ["NetworkingTesting", "AppCore", "AppCoreTesting", "Networking", "TestSupport", .product(name: "Logging", package: "swift-log"), .product(name: "BigInt", package: "BigInt")],
            swiftSettings: strictSettings
        ),
        // bifrost serve's routes, validation and error bodies through its real router, in process,
        // against a mock node: seconds, no chain (the integration tests cover the local chain).
        .testTarget(
            name: "BifrostServerTests",
            dependencies: [
                "NetworkingTesting", "BifrostServer", "SafeKit", "CoSigning", "CoSigningSQLite", "CoSigningTestSupport", "Services", "Networking", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "BigInt", package: "BigInt"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "DashboardTests",
            dependencies: [
                "NetworkingTesting", "BifrostDashboard", "AppCore", "Networking", "TestSupport", "HTTPServing",
                .product(name: "Hummingbird", package: "hummingbird"),
                // Real HTTP to the in-process server, with the Host and Cookie headers a test sets itself.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                .product(name: "BigInt", package: "BigInt"),
            ],
            exclude: ["__Snapshots__"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BifrostCLITests",
            dependencies: [
                "NetworkingTesting", "BifrostCLI", "Storage", "TestSupport", "Networking",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
