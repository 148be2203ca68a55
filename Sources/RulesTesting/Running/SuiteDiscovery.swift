import Foundation
import RulesInput

/// Finds suite files: files named explicitly, whatever their extension (`-` is standard input,
/// pipes and FIFOs are read as files), and below each named directory every regular
/// `*.rules-test.yaml`, `.yml` and `.json`, sorted by path, hidden files and folders skipped,
/// folder links not followed and FIFOs skipped (reading one could block).
public struct SuiteDiscovery: Sendable {
  /// The endings a suite file has when found in a directory.
  public static let suffixes = [".rules-test.yaml", ".rules-test.yml", ".rules-test.json"]

  public init() {}

  /// Suite files for `arguments`, each once, in the order given; no argument means `.`.
  public func files(for arguments: [String]) throws(SuiteError) -> [String] {
    var files: [String] = []
    for argument in arguments.isEmpty ? ["."] : arguments {
      if argument == "-" {
        files.append(argument)
        continue
      }
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
      switch FileKind(path: path) {
      case .directory where !FileKind.isSymbolicLink(path): collect(in: path, into: &found)
      case .regular where Self.suffixes.contains(where: { name.hasSuffix($0) }): found.append(path)
      default: continue
      }
    }
  }
}
