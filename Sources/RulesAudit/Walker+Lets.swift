import RulesSemantics
import RulesSyntax

extension Walker {
  /// How many `let` names ``throughLets(_:)`` follows, one bound to the next.
  static let maximumLetHops = 8

  /// `expression` with the `let` name at the root of its member chain replaced by the name's
  /// value: after `let token = request.auth.token;`, `token.admin` reads as
  /// `request.auth.token.admin`, so a claim, uid, size or content type compared through a
  /// `let` shapes the probes as one compared directly does. A value that is itself a chain
  /// rooted at a `let` is followed too (at most ``maximumLetHops``); any other expression is
  /// returned as it is.
  func throughLets(_ expression: Expression) -> Expression {
    var current = expression
    for _ in 0..<Self.maximumLetHops {
      guard let value = letValue(atRootOf: current) else { return current }
      current = Self.replacingRoot(of: current, with: value)
    }
    return current
  }

  /// The value of the `let` name at the root of `expression`'s chain of members and indexes;
  /// nil when the root is no `let` name (or not an identifier), and for chains of more than 16
  /// steps (as ``ExpressionReading/chain(_:)``, which says nothing of them either).
  private func letValue(atRootOf expression: Expression) -> Expression? {
    var root = expression
    var steps = 0
    while true {
      switch root.kind {
      case .member(let base, _), .index(let base, _):
        root = base
        steps += 1
        if steps > 16 { return nil }
      case .identifier(let name):
        // The names nearly every chain starts with need no look-up.
        guard name != "request", name != "resource",
          case .letBinding(let function, let index)? = checked.resolution.names[root.range.start],
          checked.functions.indices.contains(function)
        else { return nil }
        return Self.letValue(index, in: checked.functions[function].declaration.body)
      default: return nil
      }
    }
  }

  /// The value of the `index`th `let` (in body order) of a function body.
  private static func letValue(_ index: Int, in body: [FunctionStatement]) -> Expression? {
    var seen = 0
    for statement in body {
      guard case .letBinding(_, let value) = statement.kind else { continue }
      if seen == index { return value }
      seen += 1
    }
    return nil
  }

  /// `expression` with the identifier at the root of its chain replaced by `value`.
  private static func replacingRoot(of expression: Expression, with value: Expression) -> Expression {
    switch expression.kind {
    case .member(let base, let name):
      Expression(.member(replacingRoot(of: base, with: value), name), range: expression.range)
    case .index(let base, let index):
      Expression(.index(replacingRoot(of: base, with: value), index), range: expression.range)
    default: value
    }
  }
}
