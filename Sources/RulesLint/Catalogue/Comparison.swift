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
  /// Where the paths `left` reads (following calls) are in the access paths of the facts this
  /// comparison was found with; nil when they are not all there
  /// (``LintContext/reads(of:right:in:)`` walks the side then).
  public internal(set) var leftReads: Range<Int>?
  /// Where the paths `right` reads are, as for ``leftReads``.
  public internal(set) var rightReads: Range<Int>?

  /// Whether the operator is `==`, `!=` or `in`: one that names the values it admits or refuses.
  public var isEquality: Bool {
    switch op {
    case .equal, .notEqual, .membership: true
    default: false
    }
  }

  init(
    op: BinaryOperator, left: Expression, right: Expression, range: SourceRange, bindings: Bindings,
    leftPath: AccessPath?, rightPath: AccessPath?
  ) {
    self.op = op
    self.left = left
    self.right = right
    self.range = range
    self.bindings = bindings
    self.leftPath = leftPath
    self.rightPath = rightPath
  }
}
