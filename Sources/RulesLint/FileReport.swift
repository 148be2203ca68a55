import RulesSemantics
import RulesSyntax

/// The outcome of linting one file.
public struct FileReport: Sendable {
  /// The path shown to the user.
  public let path: String
  /// The source, for renderers that quote it.
  public let source: SourceFile
  /// The version the file is evaluated with (1 when it declares none).
  public let rulesVersion: RulesVersion
  /// The findings with their resolved severities, in source order.
  public let diagnostics: [Diagnostic]
  /// The least severe finding that fails the run for this file, when its configuration file
  /// sets one; nil means the run's threshold.
  public let failureThreshold: Severity?

  public init(
    path: String, source: SourceFile, rulesVersion: RulesVersion, diagnostics: [Diagnostic],
    failureThreshold: Severity? = nil
  ) {
    self.path = path
    self.source = source
    self.rulesVersion = rulesVersion
    self.diagnostics = diagnostics
    self.failureThreshold = failureThreshold
  }

  /// The number of findings with `severity`.
  public func count(of severity: Severity) -> Int {
    diagnostics.reduce(0) { $0 + ($1.severity == severity ? 1 : 0) }
  }
}
