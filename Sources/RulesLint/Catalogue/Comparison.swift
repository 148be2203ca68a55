import RulesSyntax

/// A comparison found inside a condition, with the bindings its operands are read with and the
/// access path each side reads.
public struct Comparison: Sendable {
  public let op: BinaryOperator
  public let left: Expression
  public let right: Expression
  public let range: SourceRange
  public let bindings: Bindings
  /// The access path `left` reads (``LintContext/accessPath(_:_:)``), if it is one.
  public let leftPath: AccessPath?
  /// The access path `right` reads, if it is one.
  public let rightPath: AccessPath?

  /// The two sides with their paths: (left, right) then (right, left).
  public var orientations: [(one: Expression, onePath: AccessPath?, other: Expression)] {
    [(left, leftPath, right), (right, rightPath, left)]
  }
}
