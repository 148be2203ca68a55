import RulesEvaluator

/// Every suite's results and the coverage of every rules file.
public struct TestRun: Sendable {
  public var suites: [SuiteResult]
  /// One entry per rules file, in the order suites first used them.
  public var coverage: [FileCoverage]
  public var duration: Duration

  public init(suites: [SuiteResult], coverage: [FileCoverage], duration: Duration) {
    self.suites = suites
    self.coverage = coverage
    self.duration = duration
  }

  public var caseCount: Int { suites.reduce(0) { $0 + $1.cases.count } }
  public var failedCount: Int { suites.reduce(0) { $0 + $1.failedCount } }
  public var passedCount: Int { caseCount - failedCount }

  /// Coverage over all rules files.
  public var totalCoverage: CoverageSummary {
    coverage.reduce(CoverageSummary()) { $0 + $1.summary }
  }
}

extension TestRun {
  /// Whether every case passed and statement coverage reaches `minimumCoverage` (percent).
  public func succeeded(minimumCoverage: Double? = nil) -> Bool {
    failedCount == 0 && coverageShortfall(minimum: minimumCoverage) == nil
  }

  /// Why statement coverage is below `minimum` percent, or nil when it is not.
  public func coverageShortfall(minimum: Double?) -> String? {
    guard let minimum else { return nil }
    let total = totalCoverage
    guard total.statementPercent < minimum else { return nil }
    let shown = (total.statementPercent * 10).rounded(.down) / 10
    return
      "statement coverage \(shown)% (\(total.statementsGranted) of \(total.statements) granted) is below "
      + "--min-coverage \(minimum)%"
  }
}
