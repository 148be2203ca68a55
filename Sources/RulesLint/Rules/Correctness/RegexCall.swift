import RulesSyntax

/// A call of `matches`, `replace` or `split` on a string, found in an allow condition or a
/// function it calls.
struct RegexCall {
  let method: String
  let subject: Expression
  /// The pattern argument as written at the call.
  let pattern: Expression
  let bindings: Bindings

  /// Every regex call reachable from the file's `allow` conditions, in walk order.
  static func all(
    in context: LintContext, methods: Set<String> = ["matches", "replace", "split"]
  ) -> [RegexCall] {
    var calls: [RegexCall] = []
    for allow in context.allows {
      guard let condition = allow.condition else { continue }
      context.forEachNode(condition) { node, bindings in
        guard case .call(let callee, let arguments) = node.kind,
          case .member(let subject, let name) = callee.kind,
          methods.contains(name.name), let pattern = arguments.first
        else { return }
        calls.append(RegexCall(method: name.name, subject: subject, pattern: pattern, bindings: bindings))
      }
    }
    return calls
  }
}
