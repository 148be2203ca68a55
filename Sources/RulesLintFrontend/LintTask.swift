import RulesLint
import RulesSyntax

/// One file of a lint run: where it came from, its text, and the runner configured for it.
public struct LintTask: Sendable {
  public let runner: LintRunner
  public let input: LintInput
  public let source: SourceFile
}
