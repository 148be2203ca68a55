import RulesLint
import RulesSyntax

/// What linting one snapshot found: the report (nil when the document's `.rulescheck.yml`
/// excludes it or it is too large to lint) and a problem with the document itself, if any.
public struct LintedDocument: Sendable {
  /// A problem that is not a finding in the rules: shown as one error at the document's start.
  public struct Problem: Sendable, Equatable {
    /// `configuration` (the `.rulescheck.yml` cannot be used; the default settings apply) or
    /// `too-large` (the text is above the rules-file size limit and is not linted).
    public var code: String
    public var message: String
  }

  public let snapshot: DocumentSnapshot
  public let report: FileReport?
  public let problem: Problem?

  public init(snapshot: DocumentSnapshot, report: FileReport?, problem: Problem? = nil) {
    self.snapshot = snapshot
    self.report = report
    self.problem = problem
  }

  /// The findings, in source order.
  public var diagnostics: [Diagnostic] { report?.diagnostics ?? [] }
}
