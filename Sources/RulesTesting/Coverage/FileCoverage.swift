import RulesEvaluator
import RulesSyntax

/// The coverage of one rules file over a test run.
public struct FileCoverage: Sendable {
  public var path: String
  public var source: SourceFile
  public var coverage: RulesCoverage

  public init(path: String, source: SourceFile, coverage: RulesCoverage) {
    self.path = path
    self.source = source
    self.coverage = coverage
  }

  public var layout: CoverageLayout { coverage.layout }

  public var summary: CoverageSummary {
    CoverageSummary(
      statements: coverage.grants.count, statementsGranted: coverage.grants.count { $0 > 0 },
      conditions: coverage.outcomes.count, conditionsCovered: coverage.outcomes.count(where: \.fullyCovered))
  }

  /// Statement indexes in source order.
  public var statementsInSourceOrder: [Int] {
    layout.statements.indices.sorted { layout.statements[$0].range.start < layout.statements[$1].range.start }
  }

  /// Statements that never granted, in source order.
  public var neverGranted: [Int] { statementsInSourceOrder.filter { coverage.grants[$0] == 0 } }
}
