import RulesSyntax

/// Counts over a whole lint run.
public struct LintSummary: Hashable, Sendable, Codable {
  public var files: Int
  public var errors: Int
  public var warnings: Int
  public var notes: Int
  /// Findings, of any severity, that make Firebase refuse to deploy their file.
  public var deployBlocking: Int
  /// Findings whose preferred fix is safe: what `lint --fix` would fix.
  public var safelyFixable: Int
  /// Findings whose preferred fix is unsafe: what `--unsafe-fixes` adds.
  public var unsafelyFixable: Int

  public init(
    files: Int, errors: Int, warnings: Int, notes: Int, deployBlocking: Int = 0, safelyFixable: Int = 0,
    unsafelyFixable: Int = 0
  ) {
    self.files = files
    self.errors = errors
    self.warnings = warnings
    self.notes = notes
    self.deployBlocking = deployBlocking
    self.safelyFixable = safelyFixable
    self.unsafelyFixable = unsafelyFixable
  }

  public init(_ files: [FileReport]) {
    self.init(
      files: files.count,
      errors: files.reduce(0) { $0 + $1.count(of: .error) },
      warnings: files.reduce(0) { $0 + $1.count(of: .warning) },
      notes: files.reduce(0) { $0 + $1.count(of: .note) },
      deployBlocking: files.reduce(0) { $0 + $1.diagnostics.count(where: \.blocksDeploy) },
      safelyFixable: files.reduce(0) { $0 + $1.diagnostics.count { $0.fixes.first?.applicability == .safe } },
      unsafelyFixable: files.reduce(0) {
        $0 + $1.diagnostics.count { $0.fixes.first?.applicability == .unsafe }
      })
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
