import RulesSyntax

/// A comparison found inside a condition, with the bindings its operands are read with and the
/// access path each side reads.
public struct Comparison: Sendable {
  public let op: BinaryOperator
  public let range: SourceRange
  /// The operands, their bindings and their paths, in one shared box: rules copy comparisons
  /// out of the facts as they iterate over them, and a copy retains the box once where copying
  /// each part retained it about eight times.
  private let operands: Operands

  private final class Operands: Sendable {
    let left: Expression
    let right: Expression
    let bindings: Bindings
    let leftPath: AccessPath?
    let rightPath: AccessPath?

    init(
      left: Expression, right: Expression, bindings: Bindings, leftPath: AccessPath?, rightPath: AccessPath?
    ) {
      self.left = left
      self.right = right
      self.bindings = bindings
      self.leftPath = leftPath
      self.rightPath = rightPath
    }
  }

  public var left: Expression { operands.left }
  public var right: Expression { operands.right }
  public var bindings: Bindings { operands.bindings }
  /// The access path `left` reads (``LintContext/accessPath(_:_:)``), if it is one.
  public var leftPath: AccessPath? { operands.leftPath }
  /// The access path `right` reads, if it is one.
  public var rightPath: AccessPath? { operands.rightPath }
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
    self.range = range
    self.operands = Operands(
      left: left, right: right, bindings: bindings, leftPath: leftPath, rightPath: rightPath)
  }
}
