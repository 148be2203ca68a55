import RulesSyntax

/// Counts over a whole lint run.
public struct LintSummary: Hashable, Sendable, Codable {
  public var files: Int
  public var errors: Int
  public var warnings: Int
  public var notes: Int

  public init(files: Int, errors: Int, warnings: Int, notes: Int) {
    self.files = files
    self.errors = errors
    self.warnings = warnings
    self.notes = notes
  }

  public init(_ files: [FileReport]) {
    self.init(
      files: files.count,
      errors: files.reduce(0) { $0 + $1.count(of: .error) },
      warnings: files.reduce(0) { $0 + $1.count(of: .warning) },
      notes: files.reduce(0) { $0 + $1.count(of: .note) })
  }

  /// The number of findings with `severity`.
  public func count(of severity: Severity) -> Int {
    switch severity {
    case .error: errors
    case .warning: warnings
    case .note: notes
    }
  }
}
