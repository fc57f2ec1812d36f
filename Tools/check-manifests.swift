// `swift Tools/check-manifests.swift` (`make check-manifests`, part of `make lint` and CI): the root Package.swift
// declares every package's test targets again, by path, so that `make test` builds everything once; this checks
// that each of those declarations says what the package's own manifest says (the same test targets, at the same
// paths, with the same dependencies, exclusions and resources), and fails, naming the difference, when they drift.
import Foundation

struct TestTarget: Equatable {
    var name: String
    var path: String
    var dependencies: Set<String>
    var exclude: Set<String>
    var resources: Set<String>
}

func manifest(at directory: String) throws -> [String: Any] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "package", "dump-package", "--package-path", directory]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0,
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    else {
        throw NSError(
            domain: "check-manifests", code: 1,
            userInfo: [NSLocalizedDescriptionKey: "cannot read \(directory)/Package.swift"])
    }
    return object
}

/// The test targets of a manifest; a package's own targets named as dependencies count as its products of that name.
func testTargets(_ manifest: [String: Any], prefix: String) -> [String: TestTarget] {
    var result: [String: TestTarget] = [:]
    for target in manifest["targets"] as? [[String: Any]] ?? [] where target["type"] as? String == "test" {
        let name = target["name"] as? String ?? "?"
        var dependencies = Set<String>()
        for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
            if let product = dependency["product"] as? [Any], let productName = product.first as? String {
                dependencies.insert(productName)
            } else if let byName = dependency["byName"] as? [Any], let targetName = byName.first as? String {
                dependencies.insert(targetName)
            } else if let target = dependency["target"] as? [Any], let targetName = target.first as? String {
                dependencies.insert(targetName)
            }
        }
        let path = (target["path"] as? String) ?? "Tests/\(name)"
        let resources = (target["resources"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        result[name] = TestTarget(
            name: name, path: prefix.isEmpty ? path : "\(prefix)/\(path)",
            dependencies: dependencies, exclude: Set(target["exclude"] as? [String] ?? []), resources: Set(resources))
    }
    return result
}

var problems: [String] = []
let root = testTargets(try manifest(at: "."), prefix: "")
let packages = try FileManager.default.contentsOfDirectory(atPath: "Packages").sorted().filter {
    FileManager.default.fileExists(atPath: "Packages/\($0)/Package.swift")
}
var checked = 0
var declaredByPackages = Set<String>()
for package in packages {
    for (name, own) in testTargets(try manifest(at: "Packages/\(package)"), prefix: "Packages/\(package)") {
        checked += 1
        declaredByPackages.insert(name)
        guard let declared = root[name] else {
            problems.append("\(package): test target \(name) is not declared in the root Package.swift")
            continue
        }
        if declared.path != own.path {
            problems.append("\(name): the root says path \(declared.path), \(package) says \(own.path)")
        }
        if declared.dependencies != own.dependencies {
            let missing = own.dependencies.subtracting(declared.dependencies).sorted()
            let extra = declared.dependencies.subtracting(own.dependencies).sorted()
            problems.append("\(name): dependencies differ (root lacks \(missing), root adds \(extra))")
        }
        if declared.exclude != own.exclude {
            problems.append("\(name): exclude differs (\(declared.exclude.sorted()) / \(own.exclude.sorted()))")
        }
        if declared.resources != own.resources { problems.append("\(name): resources differ") }
    }
}
for target in root.values where target.path.hasPrefix("Packages/") && !declaredByPackages.contains(target.name) {
    problems.append("\(target.name): declared in the root at \(target.path), which no package has")
}
if problems.isEmpty {
    print("manifests agree: \(checked) test targets of \(packages.count) packages declared alike in the root")
} else {
    for problem in problems { print("check-manifests: \(problem)") }
    exit(1)
}
