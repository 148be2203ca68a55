import RulesEvaluator

/// The cases of one suite that ran.
public struct SuiteResult: Sendable {
  public var suite: TestSuite
  public var ruleset: CompiledRuleset
  public var cases: [CaseResult]
  public var duration: Duration

  public var failedCount: Int { cases.count { !$0.passed } }
}
