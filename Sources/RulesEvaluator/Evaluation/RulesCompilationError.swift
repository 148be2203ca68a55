import RulesSemantics
import RulesSyntax

/// Why a rules file cannot run: Firebase's compiler refuses it, so `firebase deploy` stops and
/// production keeps the rules it had (decisions.md §21).
public struct RulesCompilationError: Error, Sendable, CustomStringConvertible {
  /// The analysed file, for renderers that quote it.
  public let checked: CheckedRuleset

  /// The compile errors, in source order.
  public var errors: [Diagnostic] { checked.deployErrors }

  /// `1 error that stops firebase deploy`, `2 errors that stop firebase deploy`.
  public var count: String {
    errors.count == 1
      ? "1 error that stops firebase deploy" : "\(errors.count) errors that stop firebase deploy"
  }

  public var description: String {
    "\(checked.source.path) has \(count); fix them before running the rules"
  }
}

extension CompiledRuleset {
  /// Compiles `checked` as Firebase does on deploy: a file with compile errors is refused;
  /// every other file compiles, and what is wrong in it fails at evaluation, as in production.
  public init(deploying checked: CheckedRuleset) throws(RulesCompilationError) {
    guard !checked.blocksDeploy else { throw RulesCompilationError(checked: checked) }
    self.init(checked)
  }
}
