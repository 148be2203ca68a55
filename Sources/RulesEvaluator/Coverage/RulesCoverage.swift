/// How often each statement of a ruleset granted and which outcomes each condition took,
/// accumulated over many decisions (see ``CompiledRuleset/decide(_:firestore:detail:coverage:)``).
public struct RulesCoverage: Sendable {
  /// How often a condition evaluated to each outcome. A value that is not a bool counts as an
  /// error: it grants nothing and makes `&&` and `||` fail as an error does.
  public struct Outcomes: Sendable, Hashable {
    public var trueCount = 0
    public var falseCount = 0
    public var errorCount = 0

    public init(trueCount: Int = 0, falseCount: Int = 0, errorCount: Int = 0) {
      self.trueCount = trueCount
      self.falseCount = falseCount
      self.errorCount = errorCount
    }

    /// Evaluated at least once.
    public var evaluated: Bool { trueCount + falseCount + errorCount > 0 }
    /// Both `true` and `false` were seen.
    public var fullyCovered: Bool { trueCount > 0 && falseCount > 0 }
  }

  public let layout: CoverageLayout
  /// Per statement (index in ``CoverageLayout/statements``): how often it was evaluated.
  public private(set) var evaluations: [Int]
  /// Per statement: how often it granted.
  public private(set) var grants: [Int]
  /// Per condition (index in ``CoverageLayout/conditions``).
  public private(set) var outcomes: [Outcomes]

  /// Empty coverage of `ruleset`.
  public init(_ ruleset: CompiledRuleset) {
    self.init(layout: ruleset.coverageLayout)
  }

  init(layout: CoverageLayout) {
    self.layout = layout
    evaluations = Array(repeating: 0, count: layout.statements.count)
    grants = evaluations
    outcomes = Array(repeating: Outcomes(), count: layout.conditions.count)
  }

  /// Adds the counts of `other`, which must be coverage of the same ruleset.
  public mutating func merge(_ other: RulesCoverage) {
    guard other.evaluations.count == evaluations.count, other.outcomes.count == outcomes.count else { return }
    for index in evaluations.indices {
      evaluations[index] += other.evaluations[index]
      grants[index] += other.grants[index]
    }
    for index in outcomes.indices {
      outcomes[index].trueCount += other.outcomes[index].trueCount
      outcomes[index].falseCount += other.outcomes[index].falseCount
      outcomes[index].errorCount += other.outcomes[index].errorCount
    }
  }

  mutating func record(node: Int, _ value: Value) {
    guard node < layout.conditionByNode.count else { return }
    let slot = Int(layout.conditionByNode[node])
    guard slot >= 0 else { return }
    switch value {
    case .bool(true): outcomes[slot].trueCount += 1
    case .bool(false): outcomes[slot].falseCount += 1
    default: outcomes[slot].errorCount += 1
    }
  }

  mutating func recordStatement(_ index: Int, granted: Bool) {
    guard index < evaluations.count else { return }
    evaluations[index] += 1
    if granted { grants[index] += 1 }
  }

  /// The counts given up to a decision, leaving this value empty so the decision owns them.
  mutating func takeAll() -> RulesCoverage {
    let taken = self
    evaluations = []
    grants = []
    outcomes = []
    return taken
  }
}
