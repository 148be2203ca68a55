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
    var fingerprints = Fingerprints(context: context)
    let byBlock = Dictionary(grouping: context.allows, by: \.matchIndex)
    for block in byBlock.keys.sorted() {
      let allows = byBlock[block] ?? []
      let lookups = allows.map { allow in
        context.facts(for: allow).firestoreLookups.compactMap {
          call, bindings -> (key: [Int], range: SourceRange)? in
          guard case .call(let callee, let arguments) = call.kind else { return nil }
          return (arguments.map { fingerprints.id(of: $0, bindings) }, callee.range)
        }
      }
      for method in RequestMethod.allCases {
        var first: [[Int]: SourceRange] = [:]
        for (allow, found) in zip(allows, lookups) where allow.methods.contains(method) {
          for (key, range) in found where first[key] == nil { first[key] = range }
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
}

/// Tells look-up arguments apart: an argument is its text with the values of the parameters
/// it reads, so that one function called with different arguments counts once per argument.
/// Each distinct fingerprint gets a number, so nested bindings never grow the keys.
private struct Fingerprints {
  let context: LintContext
  private var numbers: [String: Int] = [:]
  private var known: [BoundKey: Int] = [:]
  /// The number of each argument's text without spaces, by range, so a long text is read once.
  private var texts: [SourceRange: Int] = [:]

  init(context: LintContext) {
    self.context = context
  }

  mutating func id(of expression: Expression, _ bindings: Bindings) -> Int {
    let key = BoundKey(expression, bindings)
    if let id = known[key] { return id }
    var text = "\(textNumber(expression.range))"
    var pending = [expression]
    while let node = pending.popLast() {
      pending += context.children(of: node)
      guard case .identifier = node.kind else { continue }
      let (bound, inner) = context.dereference(node, bindings)
      if bound.range != node.range { text += "|\(id(of: bound, inner))" }
    }
    let id = number(text)
    known[key] = id
    return id
  }

  private mutating func textNumber(_ range: SourceRange) -> Int {
    if let id = texts[range] { return id }
    let id = number("'" + context.textWithoutWhitespace(range))
    texts[range] = id
    return id
  }

  private mutating func number(_ text: String) -> Int {
    if let id = numbers[text] { return id }
    numbers[text] = numbers.count
    return numbers.count - 1
  }
}
