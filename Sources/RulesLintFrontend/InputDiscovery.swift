import Foundation
import RulesInput
import RulesLint

/// Finds the rules files a lint run covers, per the command-line contract.
///
/// - Files are taken as given, whatever their extension, and may be pipes or FIFOs
///   (`<(cat a.rules)`, `/dev/stdin`); `-` is standard input, shown as
///   ``standardInputPath`` (default `<stdin>`).
/// - A directory means every regular `*.rules` file below it, sorted by path; hidden files and
///   folders (which include `.build*` and `.git`) are skipped, symbolic links to folders are
///   not followed, so a link cycle cannot loop, and FIFOs are skipped, so a scan cannot block.
/// - No arguments: the storage rules named in `firebase.json` in ``currentDirectory`` (paths
///   relative to it), else `storage.rules` there.
///
/// The result names each file once, in the order first met.
public struct InputDiscovery: Sendable {
  /// The folder relative paths are resolved against and the defaults are looked up in.
  public var currentDirectory: URL
  /// The path standard input (`-`) stands for (`--stdin-filename`): shown in findings and used
  /// to find its configuration file; nil shows `<stdin>` and looks up from
  /// ``currentDirectory``.
  public var standardInputPath: String?

  public static let configurationFileName = "firebase.json"
  public static let defaultRulesFileName = "storage.rules"
  public static let rulesExtension = "rules"

  public init(currentDirectory: URL) {
    self.currentDirectory = currentDirectory.standardizedFileURL
  }

  /// Discovery relative to the process's working directory.
  public init() {
    self.init(
      currentDirectory: URL(
        fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
  }

  /// The files to lint for the command-line `arguments` (files and directories).
  public func inputs(for arguments: [String]) throws(LintError) -> [LintInput] {
    if arguments.isEmpty { return try defaultInputs() }
    var inputs: [LintInput] = []
    for argument in arguments {
      if argument == "-" {
        inputs.append(.standardInput(named: standardInputPath, relativeTo: currentDirectory))
        continue
      }
      let url = resolve(argument)
      switch FileKind(of: url) {
      case .missing:
        throw .noSuchFile(path: argument, namedBy: nil)
      case .file:
        inputs.append(LintInput(displayPath: argument, fileURL: url))
      case .directory:
        let found = try rulesFiles(in: url, displayedAs: argument)
        if found.isEmpty { throw .noRulesFiles(directory: argument) }
        inputs += found
      }
    }
    return inputs.uniqued()
  }

  /// The rules named by `firebase.json`, else `storage.rules`.
  private func defaultInputs() throws(LintError) -> [LintInput] {
    let configurationName = Self.configurationFileName
    let configurationURL = currentDirectory.appendingPathComponent(configurationName)
    if FileKind(of: configurationURL) == .file {
      let data = try SourceReader.readData(
        at: configurationURL, displayPath: configurationName, limit: InputLimits.configuration)
      let configuration = try FirebaseConfiguration.decode(data, path: configurationName)
      var inputs: [LintInput] = []
      for rules in configuration.storageRules {
        let displayPath = Self.tidy(rules)
        let url = resolve(rules)
        switch FileKind(of: url) {
        case .file: inputs.append(LintInput(displayPath: displayPath, fileURL: url))
        case .missing: throw .noSuchFile(path: displayPath, namedBy: configurationName)
        case .directory: throw .unreadable(path: displayPath, reason: "is a directory")
        }
      }
      if !inputs.isEmpty { return inputs.uniqued() }
      if !configuration.hasStorage, !hasDefaultRulesFile {
        throw .noStorageKey(path: configurationName, directory: currentDirectory.path)
      }
    }
    if hasDefaultRulesFile {
      let fallback = Self.defaultRulesFileName
      return [LintInput(displayPath: fallback, fileURL: currentDirectory.appendingPathComponent(fallback))]
    }
    throw .nothingToLint(directory: currentDirectory.path)
  }

  private var hasDefaultRulesFile: Bool {
    FileKind(of: currentDirectory.appendingPathComponent(Self.defaultRulesFileName)) == .file
  }

  /// Every `*.rules` file below `directory`, sorted by relative path.
  private func rulesFiles(
    in directory: URL, displayedAs displayPath: String
  ) throws(LintError) -> [LintInput] {
    var found: [[String]] = []
    try collect(in: directory, relative: [], displayPath: displayPath, into: &found)
    found.sort { $0.lexicographicallyPrecedes($1) }
    return found.map { components in
      let url = components.reduce(directory) { $0.appendingPathComponent($1) }
      return LintInput(
        displayPath: Self.join(displayPath, components.joined(separator: "/")), fileURL: url)
    }
  }

  private func collect(
    in directory: URL, relative: [String], displayPath: String, into found: inout [[String]]
  ) throws(LintError) {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    } catch {
      let path = Self.join(displayPath, relative.joined(separator: "/"))
      throw .unreadable(path: path, reason: "cannot list directory")
    }
    for name in names where !name.hasPrefix(".") {
      let url = directory.appendingPathComponent(name)
      switch RulesInput.FileKind(path: url.path) {
      case .regular where (name as NSString).pathExtension == Self.rulesExtension:
        found.append(relative + [name])
      case .directory where !RulesInput.FileKind.isSymbolicLink(url.path):
        try collect(in: url, relative: relative + [name], displayPath: displayPath, into: &found)
      default:
        continue
      }
    }
  }

  private func resolve(_ path: String) -> URL {
    URL(fileURLWithPath: path, relativeTo: currentDirectory).standardizedFileURL
  }

  /// `path` without leading `./`, for display.
  static func tidy(_ path: String) -> String {
    var path = Substring(path)
    while path.hasPrefix("./") { path = path.dropFirst(2).drop { $0 == "/" } }
    return path.isEmpty ? "." : String(path)
  }

  /// `relative` shown below the directory the user named as `base`.
  static func join(_ base: String, _ relative: String) -> String {
    if relative.isEmpty { return base }
    if base == "." || base == "./" { return relative }
    return base.hasSuffix("/") ? base + relative : base + "/" + relative
  }
}

/// What a path names on disk, following symbolic links: a pipe or FIFO named explicitly counts
/// as a file.
enum FileKind: Equatable {
  case missing, file, directory

  init(of url: URL) {
    switch RulesInput.FileKind(path: url.path) {
    case .missing: self = .missing
    case .directory: self = .directory
    case .regular, .stream: self = .file
    }
  }
}
