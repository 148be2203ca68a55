import Foundation
import RulesLint

/// Finds the `.rulescheck.yml` that governs each linted file: the one named by `--config`,
/// else the nearest one in the file's folder or a folder above it.
public struct ConfigurationDiscovery: Sendable {
  /// The `--config` file, if given; it governs every file.
  public var explicitFile: LintInput?
  public var catalogue: RuleCatalogue

  public init(explicitFile: LintInput? = nil, catalogue: RuleCatalogue = .standard) {
    self.explicitFile = explicitFile
    self.catalogue = catalogue
  }

  /// The configuration file for `input`, or nil when there is none; `loaded` caches files by
  /// path across calls.
  public func configuration(
    for input: LintInput, loaded: inout [String: ConfigurationFile]
  ) throws(LintError) -> ConfigurationFile? {
    if let explicitFile {
      return try load(explicitFile.fileURL, displayPath: explicitFile.displayPath, into: &loaded)
    }
    var folder = input.fileURL.deletingLastPathComponent().standardizedFileURL
    while true {
      let candidate = folder.appendingPathComponent(ConfigurationFile.fileName)
      if FileKind(of: candidate) == .file {
        return try load(candidate, displayPath: Self.display(candidate), into: &loaded)
      }
      let parent = folder.deletingLastPathComponent().standardizedFileURL
      if parent.path == folder.path { return nil }
      folder = parent
    }
  }

  private func load(
    _ url: URL, displayPath: String, into loaded: inout [String: ConfigurationFile]
  ) throws(LintError) -> ConfigurationFile {
    if let known = loaded[url.path] { return known }
    let file = try ConfigurationFile.load(url, displayPath: displayPath, catalogue: catalogue)
    loaded[url.path] = file
    return file
  }

  /// `url` relative to the working directory when it is below it, else absolute.
  private static func display(_ url: URL) -> String {
    let base = FileManager.default.currentDirectoryPath
    let prefix = base.hasSuffix("/") ? base : base + "/"
    return url.path.hasPrefix(prefix) ? String(url.path.dropFirst(prefix.count)) : url.path
  }
}
