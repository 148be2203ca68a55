import RulesSyntax

/// Reading constants and member chains out of condition expressions, as the probe plan needs.
enum ExpressionReading {
  /// The names of a pure chain of identifiers, members and string-literal indexes, e.g.
  /// `["request", "auth", "token", "admin"]` for `request.auth.token.admin` or
  /// `request.auth.token['admin']`; nil for anything else.
  static func chain(_ expression: Expression) -> [String]? {
    var names: [String] = []
    var current = expression
    while true {
      switch current.kind {
      case .identifier(let name):
        names.append(name)
        return names.reversed()
      case .member(let base, let member):
        names.append(member.name)
        current = base
      case .index(let base, let index):
        guard case .string(let key) = index.kind else { return nil }
        names.append(key)
        current = base
      default:
        return nil
      }
      // Chains longer than this say nothing the plan uses; stop early on deep nesting.
      if names.count > 16 { return nil }
    }
  }

  /// One step of a chain: the base and name of a member access or of a string-literal index;
  /// nil for anything else.
  static func step(_ expression: Expression) -> (base: Expression, name: String)? {
    switch expression.kind {
    case .member(let base, let member): (base, member.name)
    case .index(let base, let index):
      if case .string(let key) = index.kind { (base, key) } else { nil }
    default: nil
    }
  }

  /// Whether ``chain(_:)`` of `expression` is `names`, read without allocating.
  ///
  /// Contract: `names` is not empty and at most 17 names long (longer chains are nil).
  static func isChain(_ expression: Expression, _ names: [String]) -> Bool {
    var current = expression
    var position = names.count - 1
    while position > 0 {
      guard let (base, name) = step(current), name == names[position] else { return false }
      current = base
      position -= 1
    }
    guard case .identifier(let root) = current.kind else { return false }
    return root == names[0]
  }

  /// The length and first names of ``chain(_:)`` of `expression`, read without allocating;
  /// nil where ``chain(_:)`` is nil.
  static func head(_ expression: borrowing Expression) -> ChainHead? {
    // Walking from the last name to the root, the names seen last are the first ones.
    var window: (String?, String?) = (nil, nil)
    return head(expression, steps: 0, window: &window)
  }

  /// ``head(_:)`` of `node`, `steps` names below the chain's last one, by recursion with each
  /// node borrowed (no copy of it or of its kind): at most 17 frames, since more than 16 steps
  /// is no chain (as in ``chain(_:)``).
  private static func head(
    _ node: borrowing Expression, steps: Int, window: inout (String?, String?)
  ) -> ChainHead? {
    switch node.kind {
    case .identifier(let root):
      return ChainHead(count: steps + 1, first: root, second: window.0, third: window.1)
    case .member(let base, let member):
      guard steps < 16 else { return nil }
      window = (member.name, window.0)
      return head(base, steps: steps + 1, window: &window)
    case .index(let base, let index):
      guard case .string(let key) = index.kind, steps < 16 else { return nil }
      window = (key, window.0)
      return head(base, steps: steps + 1, window: &window)
    default:
      return nil
    }
  }

  /// Whether `expression` is the member `name` of a metadata object (`request.resource.size`,
  /// `resource.size`).
  static func isMetadataField(_ expression: Expression, _ name: String) -> Bool {
    guard let (base, last) = step(expression), last == name else { return false }
    return isChain(base, requestResource) || isChain(base, resource)
  }

  /// The key of a custom metadata read, `request.resource.metadata.<key>` or
  /// `resource.metadata.<key>`; nil for anything else.
  static func metadataKey(_ expression: Expression) -> String? {
    guard let (base, key) = step(expression), let (object, name) = step(base), name == "metadata",
      isChain(object, requestResource) || isChain(object, resource)
    else { return nil }
    return key
  }

  /// Whether `expression` is a member named `metadata` or a `['metadata']` index: the base a
  /// custom metadata read (``metadataKey(_:)``) must have, told without walking the chain.
  static func isMetadataStep(_ expression: Expression) -> Bool {
    switch expression.kind {
    case .member(_, let member): member.name == "metadata"
    case .index(_, let index): if case .string("metadata") = index.kind { true } else { false }
    default: false
    }
  }

  private static let requestResource = ["request", "resource"]
  private static let resource = ["resource"]

  /// The integer value of a constant arithmetic expression (`5 * 1024 * 1024`), or nil;
  /// nil too on overflow or division by zero.
  static func integer(_ expression: Expression, depth: Int = 0) -> Int64? {
    guard depth < 32 else { return nil }
    switch expression.kind {
    case .integer(let value): return value
    case .float(let value):
      guard value.isFinite, abs(value) < 1e15 else { return nil }
      return Int64(value.rounded(.down))
    case .unary(.negate, let operand):
      return integer(operand, depth: depth + 1).flatMap { $0 == .min ? nil : -$0 }
    case .binary(let op, let left, let right):
      guard let lhs = integer(left, depth: depth + 1), let rhs = integer(right, depth: depth + 1) else {
        return nil
      }
      switch op {
      case .add: return checked(lhs.addingReportingOverflow(rhs))
      case .subtract: return checked(lhs.subtractingReportingOverflow(rhs))
      case .multiply: return checked(lhs.multipliedReportingOverflow(by: rhs))
      case .divide: return rhs == 0 ? nil : checked(lhs.dividedReportingOverflow(by: rhs))
      default: return nil
      }
    default: return nil
    }
  }

  private static func checked(_ result: (partialValue: Int64, overflow: Bool)) -> Int64? {
    result.overflow ? nil : result.partialValue
  }

  /// The string literals of `expression` itself or of a list literal's elements.
  static func strings(_ expression: Expression) -> [String] {
    switch expression.kind {
    case .string(let text): [text]
    case .list(let elements):
      elements.compactMap { if case .string(let text) = $0.kind { text } else { nil } }
    default: []
    }
  }

  /// A constant scalar of a condition as a claim value: a string, bool, integer or float literal.
  static func scalar(_ expression: Expression) -> ClaimValue? {
    switch expression.kind {
    case .string(let text): .string(text)
    case .bool(let value): .bool(value)
    case .integer(let value): .int(value)
    case .float(let value): .float(value)
    default: nil
    }
  }
}
