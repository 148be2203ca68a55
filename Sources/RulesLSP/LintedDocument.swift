import RulesLint
import RulesSyntax

/// What linting one snapshot found: the report (nil when the document's `.rulescheck.yml`
/// excludes it) and a problem with the configuration, if any.
public struct LintedDocument: Sendable {
  public let snapshot: DocumentSnapshot
  public let report: FileReport?
  /// Why the document's configuration file could not be used (it is then linted with the
  /// default settings), as `path:line:column: message`.
  public let configurationProblem: String?

  public init(snapshot: DocumentSnapshot, report: FileReport?, configurationProblem: String? = nil) {
    self.snapshot = snapshot
    self.report = report
    self.configurationProblem = configurationProblem
  }

  /// The findings, in source order.
  public var diagnostics: [Diagnostic] { report?.diagnostics ?? [] }
}
