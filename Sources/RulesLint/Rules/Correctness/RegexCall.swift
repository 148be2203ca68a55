import RulesSyntax

/// A call of `matches`, `replace` or `split` on a string, found in an allow condition or a
/// function it calls.
struct RegexCall {
  let method: String
  let subject: Expression
  /// The pattern argument as written at the call.
  let pattern: Expression
  let bindings: Bindings

  /// Every regex call reachable from the file's `allow` conditions, in walk order, each call
  /// instance once.
  static func all(
    in context: LintContext, methods: Set<String> = ["matches", "replace", "split"]
  ) -> [RegexCall] {
    var calls: [RegexCall] = []
    // A call in a function many conditions call is one call per set of arguments.
    var seen: Set<BoundKey> = []
    for allow in context.allows {
      guard let condition = allow.condition else { continue }
      for (node, bindings) in context.builtinAndMethodCalls(in: condition) {
        guard seen.insert(BoundKey(node, bindings)).inserted,
          case .call(let callee, let arguments) = node.kind,
          case .member(let subject, let name) = callee.kind,
          methods.contains(name.name), let pattern = arguments.first
        else { continue }
        calls.append(RegexCall(method: name.name, subject: subject, pattern: pattern, bindings: bindings))
      }
    }
    return calls
  }
}
