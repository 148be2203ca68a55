import RulesEvaluator
import StorageBucket

/// What one case did.
public struct CaseResult: Sendable {
  public var testCase: TestCase
  /// The decision (for a case expecting an error, with statement-level trace).
  public var decision: Decision
  /// For an allowed `list`: what the bucket state returned.
  public var listing: ListPage?
  /// Why the case failed, one sentence each; empty when it passed.
  public var failures: [String]
  /// For a failed case: the decision again with every sub-expression's value, to explain it.
  public var explanation: Decision?
  public var duration: Duration

  public var passed: Bool { failures.isEmpty }
  /// `allow` or `deny`: what the request got.
  public var actual: Expectation.Verdict { decision.allowed ? .allow : .deny }
}
