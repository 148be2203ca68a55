import RulesSyntax

/// A call of `matches`, `replace` or `split` on a string, found in an allow condition or a
/// function it calls.
public struct RegexCall: Sendable {
  public let method: String
  public let subject: Expression
  /// The pattern argument as written at the call.
  public let pattern: Expression
  public let bindings: Bindings

  /// Every regex call in the built-in calls of `facts` (each `allow`'s, in order), in walk
  /// order, each call instance once: a call in a function many conditions call is one call per
  /// set of arguments.
  static func all(in facts: [AllowFacts]) -> [RegexCall] {
    let methods: Set<String> = ["matches", "replace", "split"]
    var calls: [RegexCall] = []
    var seen: Set<BoundKey> = []
    for allow in facts {
      for (node, bindings) in allow.calls {
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
