import Foundation

/// One rules file to lint: the name to show and where to read it.
public struct LintInput: Hashable, Sendable {
  /// The path shown in diagnostics, as the user spelled it (or as found below a directory).
  public let displayPath: String
  /// The file's location on disk, absolute and standardised; for standard input, where the
  /// text is taken to live (`--stdin-filename`): the configuration file and `exclude` patterns
  /// are looked up from there.
  public let fileURL: URL
  /// Whether the text is read from standard input rather than from ``fileURL``.
  public let isStandardInput: Bool

  public init(displayPath: String, fileURL: URL, isStandardInput: Bool = false) {
    self.displayPath = displayPath
    self.fileURL = fileURL.standardizedFileURL
    self.isStandardInput = isStandardInput
  }

  /// The file at `path`, resolved against `directory` (the working directory when nil) and
  /// shown as spelled.
  public init(path: String, relativeTo directory: URL? = nil) {
    self.init(displayPath: path, fileURL: URL(fileURLWithPath: path, relativeTo: directory))
  }

  /// Standard input, shown as `name` (default `<stdin>`) and taken to live at `name` resolved
  /// against `directory` (the working directory when nil).
  public static func standardInput(named name: String? = nil, relativeTo directory: URL? = nil) -> LintInput {
    LintInput(
      displayPath: name ?? standardInputName,
      fileURL: URL(fileURLWithPath: name ?? standardInputName, relativeTo: directory), isStandardInput: true)
  }

  /// How standard input is named when nothing names it.
  public static let standardInputName = "<stdin>"

  /// The key that makes two spellings of one file (`a.rules`, `./a.rules`, a symlink) equal.
  /// Standard input is one input however often it is named.
  var identity: String { isStandardInput ? "-" : fileURL.resolvingSymlinksInPath().path }
}

extension Array where Element == LintInput {
  /// The inputs with later duplicates of the same file removed, first spelling kept.
  public func uniqued() -> [LintInput] {
    var seen = Set<String>()
    return filter { seen.insert($0.identity).inserted }
  }
}
