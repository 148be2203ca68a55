import RulesEvaluator
import RulesTesting

/// The `rulescheck test --format json` document: every case with its result, failed cases
/// with their explained decision, the summary and the coverage summary per rules file.
public struct TestJSONRenderer: Sendable {
  public init() {}

  public func document(_ run: TestRun) -> JSONValue {
    .object([
      .init("version", .number("1")),
      .init("suites", .array(run.suites.map(suite))),
      .init(
        "summary",
        .object([
          .init("suites", Self.number(run.suites.count)), .init("cases", Self.number(run.caseCount)),
          .init("passed", Self.number(run.passedCount)), .init("failed", Self.number(run.failedCount)),
        ])),
      .init(
        "coverage",
        .object([
          .init(
            "files",
            .array(run.coverage.map { .object([.init("path", .string($0.path))] + Self.summary($0.summary)) })
          ),
          .init("total", .object(Self.summary(run.totalCoverage))),
        ])),
    ])
  }

  public func render(_ run: TestRun) -> String {
    document(run).withTool().serialized() + "\n"
  }

  private func suite(_ suite: SuiteResult) -> JSONValue {
    let checked = suite.ruleset.checked
    let writer = DecisionJSON(source: checked.source, warnings: checked.deployableFindings)
    return .object([
      .init("path", .string(suite.suite.path)),
      .init("rules", .string(suite.suite.rulesPath)),
      .init("warnings", RunFindings(checked.deployableFindings, in: checked.source).json),
      .init("cases", .array(suite.cases.map { result($0, writer: writer) })),
    ])
  }

  private func result(_ result: CaseResult, writer: DecisionJSON) -> JSONValue {
    let testCase = result.testCase
    var members: [JSONValue.Member] = [
      .init("name", .string(testCase.name)),
      .init("line", Self.number(testCase.location.line)),
      .init("column", Self.number(testCase.location.column)),
      .init("passed", .bool(result.passed)),
      .init("expected", .string(testCase.expectation.verdict.rawValue)),
      .init("actual", .string(result.actual.rawValue)),
      .init("method", .string(result.decision.method.rawValue)),
      .init("path", .string(result.decision.path)),
      .init(
        "error",
        result.decision.error.map { error in
          .object([.init("status", Self.number(error.status)), .init("message", .string(error.message))])
        } ?? .null),
      .init("failures", .array(result.failures.map(JSONValue.string))),
    ]
    if let listing = result.listing {
      members.append(
        .init(
          "listing",
          .object([
            .init("prefixes", .array(listing.prefixes.map(JSONValue.string))),
            .init("items", .array(listing.items.map(JSONValue.string))),
            .init("nextPageToken", listing.nextPageToken.map(JSONValue.string) ?? .null),
          ])))
    }
    if let explanation = result.explanation {
      members.append(.init("decision", writer.document(explanation, explain: true)))
    }
    return .object(members)
  }

  static func summary(_ summary: CoverageSummary) -> [JSONValue.Member] {
    [
      .init("statements", number(summary.statements)),
      .init("statementsGranted", number(summary.statementsGranted)),
      .init("statementPercent", percent(summary.statementPercent)),
      .init("conditions", number(summary.conditions)),
      .init("conditionsCovered", number(summary.conditionsCovered)),
      .init("conditionPercent", percent(summary.conditionPercent)),
    ]
  }

  static func number(_ value: Int) -> JSONValue { .number(String(value)) }

  /// A percentage with at most one decimal: `66.7`, `100`.
  static func percent(_ value: Double) -> JSONValue {
    let text = TestTextRenderer.percent(value)
    return .number(String(text.dropLast()))
  }
}
