import RulesEvaluator
import RulesTesting

/// Coverage as JSON (`--coverage out.json`): per rules file, every statement with how often it
/// was evaluated and granted, and every condition with the outcomes it took.
public struct CoverageJSONRenderer: Sendable {
  public init() {}

  public func render(_ files: [FileCoverage]) -> String {
    let total = files.reduce(CoverageSummary()) { $0 + $1.summary }
    let document = JSONValue.object([
      .init("version", .number("1")),
      .init("files", .array(files.map(file))),
      .init("summary", .object(TestJSONRenderer.summary(total))),
      .init("tool", .tool),
    ])
    return document.serialized() + "\n"
  }

  private func file(_ file: FileCoverage) -> JSONValue {
    let writer = DecisionJSON(source: file.source)
    let order = file.statementsInSourceOrder
    var position: [Int: Int] = [:]
    for (rank, index) in order.enumerated() { position[index] = rank }
    let statements = order.map { index -> JSONValue in
      let statement = file.layout.statements[index]
      return .object([
        .init("text", writer.statement(statement.range)),
        .init("range", writer.range(statement.range)),
        .init("evaluated", .number(String(file.coverage.evaluations[index]))),
        .init("granted", .number(String(file.coverage.grants[index]))),
      ])
    }
    let conditions = zip(file.layout.conditions, file.coverage.outcomes).map {
      condition, outcomes -> JSONValue in
      let owner: JSONValue.Member
      switch condition.owner {
      case .statement(let index): owner = .init("statement", .number(String(position[index] ?? index)))
      case .function(let index):
        let names = file.layout.functionNames
        owner = .init("function", .string(names.indices.contains(index) ? names[index] : "?"))
      }
      return .object([
        .init("text", writer.statement(condition.range)),
        .init("range", writer.range(condition.range)),
        .init("role", .string(condition.role.rawValue)),
        owner,
        .init("true", .number(String(outcomes.trueCount))),
        .init("false", .number(String(outcomes.falseCount))),
        .init("error", .number(String(outcomes.errorCount))),
        .init("fullyCovered", .bool(outcomes.fullyCovered)),
      ])
    }
    return .object([
      .init("path", .string(file.path)),
      .init("summary", .object(TestJSONRenderer.summary(file.summary))),
      .init("statements", .array(statements)),
      .init("conditions", .array(conditions)),
    ])
  }
}
