import RulesSyntax

/// What one walk of an expression finds, following calls (``LintContext/forEachNode(_:bindings:_:)``),
/// in walk order: the facts most rules ask about, collected once per expression and call
/// instance.
struct ExpressionFacts: Sendable {
  /// Every access path read, with the range it is read at (``LintContext/accessPaths(in:_:)``).
  var accessPaths: [(path: AccessPath, range: SourceRange)] = []
  /// Every `==`, `!=`, `<`, `<=`, `>`, `>=` and `in`.
  var comparisons: [Comparison] = []
  /// Every call of a built-in function or method (not of a user function), with its bindings.
  var calls: [(call: Expression, bindings: Bindings)] = []
  /// The calls of user functions written in the expression itself (not in the functions it
  /// calls), parents first, so in source order.
  var userCalls: [Expression] = []
}
