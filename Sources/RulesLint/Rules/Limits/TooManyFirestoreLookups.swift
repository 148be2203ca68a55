import RulesSemantics
import RulesSyntax

/// Flags blocks where one request can reach more than two distinct Firestore look-ups.
struct TooManyFirestoreLookups: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC200", name: "too-many-firestore-lookups", category: .limits, defaultSeverity: .error,
    summary: "one request can reach more than 2 Firestore look-ups",
    rationale: """
      Storage rules may make at most two distinct `firestore.get()`/`firestore.exists()` \
      look-ups per request (repeats of the same document are free). The third ends the \
      evaluation of the whole request with a denial that no `||` can absorb, so the request \
      is refused even if another statement would grant it. Store the facts in fewer \
      documents, or in custom claims.
      """,
    examples: [
      .fails(
        """
        match /projects/{projectId}/{fileName} {
          allow read: if firestore.exists(/databases/(default)/documents/projects/$(projectId))
            && firestore.get(/databases/(default)/documents/users/$(request.auth.uid)).data.active
            && ⟦firestore.get⟧(/databases/(default)/documents/settings/global).data.open;
        }
        """),
      .passes(
        """
        match /projects/{projectId}/{fileName} {
          allow read: if firestore.exists(/databases/(default)/documents/projects/$(projectId))
            && firestore.get(/databases/(default)/documents/projects/$(projectId)).data.open
            && firestore.get(/databases/(default)/documents/users/$(request.auth.uid)).data.active;
        }
        """),
    ],
    limitations: """
      Look-ups are counted per block and method, over every statement that can grant the \
      method, including look-ups that short-circuit evaluation would skip. Blocks with \
      different patterns that match the same request are not added up. Documents are told \
      apart by how their path is written.
      """)

  func check(_ context: LintContext, report: inout RuleReport) {
    let byBlock = Dictionary(grouping: context.allows, by: \.matchIndex)
    for block in byBlock.keys.sorted() {
      let allows = byBlock[block] ?? []
      for method in RequestMethod.allCases {
        var first: [String: SourceRange] = [:]
        for allow in allows where allow.methods.contains(method) {
          guard let condition = allow.condition else { continue }
          for (call, bindings) in context.builtinCalls("firestore", ["get", "exists"], in: condition) {
            guard case .call(let callee, let arguments) = call.kind else { continue }
            let key = arguments.map { fingerprint($0, bindings, context) }.joined(separator: ",")
            if first[key] == nil { first[key] = callee.range }
          }
        }
        let ranges = first.values.sorted { $0.start < $1.start }
        guard ranges.count > 2 else { continue }
        for range in ranges.dropFirst(2) {
          report.report(
            "a \(method.rawValue) request can reach \(ranges.count) distinct Firestore look-ups here; Firebase allows 2 and denies the request at the third",
            at: range)
        }
      }
    }
  }

  /// The text of `expression` with the values of the parameters it reads, so that one
  /// function called with different arguments counts once per argument.
  private func fingerprint(_ expression: Expression, _ bindings: Bindings, _ context: LintContext) -> String {
    var text = context.text(expression.range).filter { !$0.isWhitespace }
    var pending = [expression]
    while let node = pending.popLast() {
      pending += context.children(of: node)
      guard case .identifier = node.kind else { continue }
      let (bound, inner) = context.dereference(node, bindings)
      if bound.range != node.range { text += "|" + fingerprint(bound, inner, context) }
    }
    return text
  }
}
