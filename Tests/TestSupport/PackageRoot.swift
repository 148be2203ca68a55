import Foundation

/// The root of this package (where `Package.swift`, `README.md` and `examples/` are), found
/// from this file's path.
public let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

/// Every `.rules` file under `examples/` and `Tests/`: real rules files the tests run a check
/// over, whatever each holds.
public func repositoryRulesFiles() -> [URL] {
  ["examples", "Tests"].flatMap { folder -> [URL] in
    let walk = FileManager.default.enumerator(
      at: packageRoot.appendingPathComponent(folder), includingPropertiesForKeys: nil)
    return (walk?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "rules" }
  }
}
