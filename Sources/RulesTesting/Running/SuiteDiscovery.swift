import Foundation

/// Finds suite files: files named explicitly, whatever their extension, and below each named
/// directory every `*.rules-test.yaml`, `.yml` and `.json`, sorted by path, hidden files and
/// folders skipped and folder links not followed.
public struct SuiteDiscovery: Sendable {
  /// The endings a suite file has when found in a directory.
  public static let suffixes = [".rules-test.yaml", ".rules-test.yml", ".rules-test.json"]

  public init() {}

  /// Suite files for `arguments`, each once, in the order given; no argument means `.`.
  public func files(for arguments: [String]) throws(SuiteError) -> [String] {
    var files: [String] = []
    for argument in arguments.isEmpty ? ["."] : arguments {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
        throw SuiteError(file: argument, message: "no such file or directory")
      }
      guard isDirectory.boolValue else {
        files.append(argument)
        continue
      }
      var found: [String] = []
      collect(in: argument, into: &found)
      guard !found.isEmpty else {
        throw SuiteError(
          file: argument,
          message: "no suite files (\(Self.suffixes.map { "*" + $0 }.joined(separator: ", "))) found")
      }
      files += found.sorted()
    }
    var seen = Set<String>()
    return files.filter { seen.insert(SuitePaths.join("", $0)).inserted }
  }

  private func collect(in directory: String, into found: inout [String]) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    for name in names.sorted() where !name.hasPrefix(".") {
      let path =
        directory == "." ? name : (directory.hasSuffix("/") ? directory + name : directory + "/" + name)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
      if isDirectory.boolValue {
        let isLink = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
        if !isLink { collect(in: path, into: &found) }
      } else if Self.suffixes.contains(where: { name.hasSuffix($0) }) {
        found.append(path)
      }
    }
  }
}
