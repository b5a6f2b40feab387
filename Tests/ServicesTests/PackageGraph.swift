import Foundation

/// A package's target graph as SwiftPM reads its manifest (`swift package dump-package`): which
/// targets and products each target depends on, so a test can follow the edges transitively.
struct PackageGraph {
    /// A target's dependency: another target of the package, or a product (`package/Product`).
    enum Node: Hashable, CustomStringConvertible {
        case target(String)
        case product(package: String, name: String)

        var description: String {
            switch self {
            case .target(let name): name
            case .product(let package, let name): "\(package)/\(name)"
            }
        }
    }

    /// Each target's direct dependencies.
    let targets: [String: [Node]]
    /// Each library product's targets.
    let products: [String: [String]]

    /// The graph of the package at `folder`. The manifest is read with a scratch folder of its own,
    /// so a build holding the package's `.build` lock does not hold this up; nothing is fetched.
    static func load(_ folder: URL) throws -> PackageGraph {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("bifrost-dump-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--package-path", folder.path, "--scratch-path", scratch.path, "dump-package"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "swift package dump-package failed in \(folder.path)"])
        }
        var targets: [String: [Node]] = [:]
        for target in json["targets"] as? [[String: Any]] ?? [] {
            guard let name = target["name"] as? String else { continue }
            targets[name] = (target["dependencies"] as? [[String: [Any]]] ?? []).compactMap(node)
        }
        var products: [String: [String]] = [:]
        for product in json["products"] as? [[String: Any]] ?? [] {
            if let name = product["name"] as? String { products[name] = product["targets"] as? [String] ?? [] }
        }
        return PackageGraph(targets: targets, products: products)
    }

    /// One dependency as the manifest's JSON gives it: `byName`, `target` or `product`.
    private static func node(_ dependency: [String: [Any]]) -> Node? {
        if let name = (dependency["byName"] ?? dependency["target"])?.first as? String { return .target(name) }
        if let product = dependency["product"], let name = product.first as? String, product.count > 1, let package = product[1] as? String {
            return .product(package: package, name: name)
        }
        return nil
    }

    /// Everything `target` depends on, directly or through other targets; a product of `inner`
    /// (the package a dependent package names by path) is followed into that package's targets.
    func closure(of target: String, inner: (package: String, graph: PackageGraph)? = nil) -> Set<Node> {
        var seen = Set<Node>(), queue: [(graph: PackageGraph, node: Node)] = [(self, .target(target))]
        while let (graph, node) = queue.popLast() {
            switch node {
            case .target(let name):
                for next in graph.targets[name] ?? [] where seen.insert(next).inserted { queue.append((graph, next)) }
            case .product(let package, let name):
                guard let inner, package == inner.package else { continue }
                for name in inner.graph.products[name] ?? [] where seen.insert(.target(name)).inserted { queue.append((inner.graph, .target(name))) }
            }
        }
        return seen
    }
}
