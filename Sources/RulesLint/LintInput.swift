import Foundation

/// One rules file to lint: the name to show and where to read it.
public struct LintInput: Hashable, Sendable {
  /// The path shown in diagnostics, as the user spelled it (or as found below a directory).
  public let displayPath: String
  /// The file's location on disk, absolute and standardised.
  public let fileURL: URL

  public init(displayPath: String, fileURL: URL) {
    self.displayPath = displayPath
    self.fileURL = fileURL.standardizedFileURL
  }

  /// The file at `path`, resolved against `directory` (the working directory when nil) and
  /// shown as spelled.
  public init(path: String, relativeTo directory: URL? = nil) {
    self.init(displayPath: path, fileURL: URL(fileURLWithPath: path, relativeTo: directory))
  }

  /// The key that makes two spellings of one file (`a.rules`, `./a.rules`, a symlink) equal.
  var identity: String { fileURL.resolvingSymlinksInPath().path }
}

extension Array where Element == LintInput {
  /// The inputs with later duplicates of the same file removed, first spelling kept.
  public func uniqued() -> [LintInput] {
    var seen = Set<String>()
    return filter { seen.insert($0.identity).inserted }
  }
}
