import RulesSyntax

/// A comparison found inside a condition, with the bindings its operands are read with.
public struct Comparison: Sendable {
  public let op: BinaryOperator
  public let left: Expression
  public let right: Expression
  public let range: SourceRange
  public let bindings: Bindings
}
