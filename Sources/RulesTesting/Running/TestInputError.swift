import RulesSemantics

/// Why a test run could not start (exit status 2).
public enum TestInputError: Error, Sendable, CustomStringConvertible {
  /// A suite that cannot be read, or a file it names that cannot.
  case suite(SuiteError)
  /// A rules file with errors; `at` is where a suite names it.
  case invalidRules(at: SuiteError, checked: CheckedRuleset)

  public var description: String {
    switch self {
    case .suite(let error): error.description
    case .invalidRules(let at, _): at.description
    }
  }
}
