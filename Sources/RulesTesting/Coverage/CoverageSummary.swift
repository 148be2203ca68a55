/// Statement and condition counts, and their percentages.
public struct CoverageSummary: Sendable, Hashable {
  public var statements = 0
  public var statementsGranted = 0
  public var conditions = 0
  public var conditionsCovered = 0

  public init(
    statements: Int = 0, statementsGranted: Int = 0, conditions: Int = 0, conditionsCovered: Int = 0
  ) {
    self.statements = statements
    self.statementsGranted = statementsGranted
    self.conditions = conditions
    self.conditionsCovered = conditionsCovered
  }

  /// Statements that granted at least once, in percent; 100 when there are none.
  public var statementPercent: Double { Self.percent(statementsGranted, of: statements) }
  /// Conditions that were both true and false, in percent; 100 when there are none.
  public var conditionPercent: Double { Self.percent(conditionsCovered, of: conditions) }

  static func percent(_ part: Int, of whole: Int) -> Double {
    whole == 0 ? 100 : Double(part) * 100 / Double(whole)
  }

  public static func + (lhs: CoverageSummary, rhs: CoverageSummary) -> CoverageSummary {
    CoverageSummary(
      statements: lhs.statements + rhs.statements,
      statementsGranted: lhs.statementsGranted + rhs.statementsGranted,
      conditions: lhs.conditions + rhs.conditions,
      conditionsCovered: lhs.conditionsCovered + rhs.conditionsCovered)
  }
}
