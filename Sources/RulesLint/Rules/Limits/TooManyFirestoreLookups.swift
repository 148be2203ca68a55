import RulesSemantics
import RulesSyntax

/// Flags blocks where one request can reach more than two distinct Firestore look-ups.
struct TooManyFirestoreLookups: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC200", name: "too-many-firestore-lookups", category: .limits, defaultSeverity: .warning,
    summary: "one request can reach more than 2 Firestore look-ups",
    rationale: """
      Storage rules may make at most two distinct `firestore.get()`/`firestore.exists()` \
      look-ups per request; production counts documents, so repeats of the same document are \
      free (rules-language.md §8, decisions.md §12). The third ends the evaluation of the whole \
      request with a denial that no `||` can absorb, so the request is refused even if another \
      statement would grant it. Store the facts in fewer documents, or in custom claims.

      A warning, not an error: look-ups are counted over every statement that grants the \
      method, as if none short-circuited, so the count is what a request *can* reach; \
      `simulate` may allow a request whose evaluation stops before the third. Documents whose \
      paths differ only by values the condition has already found equal (`x.uid == \
      request.auth.uid && firestore.get(…/users/$(x.uid))` and `…/users/$(request.auth.uid)`) \
      are counted once, as production counts them.
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
      .passes(
        """
        match /owners/{ownerId}/{fileName} {
          allow write: if ownerId == request.auth.uid
            && firestore.get(/databases/(default)/documents/users/$(ownerId)).data.active
            && firestore.get(/databases/(default)/documents/users/$(request.auth.uid)).data.paid
            && firestore.exists(/databases/(default)/documents/settings/uploads);
        }
        """),
    ],
    limitations: """
      Look-ups are counted per block and method, over every statement that can grant the \
      method, including look-ups that short-circuit evaluation would skip. Blocks with \
      different patterns that match the same request are not added up. Documents are told \
      apart by how their path is written, except that access paths compared with `==` in a \
      top-level `&&` conjunct before the look-up (written in the condition itself, not in a \
      function) count as one value.
      """)

  func check(_ context: LintContext, report: inout RuleReport) {
    var fingerprints = Fingerprints(context: context)
    for allows in context.allowsByMatch where !allows.isEmpty {
      // A block with two look-ups or fewer, counting every statement's, cannot reach three
      // distinct ones: nothing to tell apart.
      let written = allows.reduce(0) { $0 + context.facts(for: $1).firestoreLookups.count }
      guard written > 2 else { continue }
      let lookups = allows.map { allow -> [(key: [Int], range: SourceRange)] in
        let calls = context.facts(for: allow).firestoreLookups
        // Most statements look nothing up: their equalities are never needed.
        guard !calls.isEmpty else { return [] }
        let equalities = Self.equalities(allow, context)
        return calls.compactMap {
          call, bindings -> (key: [Int], range: SourceRange)? in
          guard case .call(let callee, let arguments) = call.kind else { return nil }
          // Equalities hold for the look-ups written in the conjuncts after them (`&&`
          // evaluates left to right and stops at false); not for those in functions.
          let written = allow.condition.map {
            call.range.start >= $0.range.start && call.range.end <= $0.range.end
          }
          let names = DocumentNames(
            written == true ? equalities.filter { $0.end <= call.range.start }.map(\.sides) : [])
          return (arguments.map { fingerprints.id(of: $0, bindings, names: names) }, callee.range)
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
            "a \(method.rawValue) request can reach \(ranges.count) distinct Firestore look-ups here, counting every statement that grants it; Firebase allows 2 and denies the whole request if evaluation reaches a third",
            at: range)
        }
      }
    }
  }

  /// The `a == b` comparisons among the top-level `&&` conjuncts of `allow`'s condition whose
  /// sides are both access paths, with where each ends.
  private static func equalities(
    _ allow: LintAllow, _ context: LintContext
  ) -> [(sides: (String, String), end: Int)] {
    guard let condition = allow.condition else { return [] }
    var found: [(sides: (String, String), end: Int)] = []
    var pending = [condition]
    while let node = pending.popLast() {
      switch node.kind {
      case .binary(.logicalAnd, let left, let right):
        pending.append(right)
        pending.append(left)
      case .binary(.equal, let left, let right):
        if let left = context.accessPath(left), let right = context.accessPath(right) {
          found.append(((left.description, right.description), node.range.end))
        }
      default:
        break
      }
    }
    return found
  }
}

/// Access paths known equal where a look-up is evaluated, each named by the least path of
/// its class, so `users/$(x.uid)` and `users/$(request.auth.uid)` are one document where the
/// condition has checked `x.uid == request.auth.uid` first.
private struct DocumentNames {
  private var parent: [String: String] = [:]

  init(_ equalities: [(String, String)]) {
    for (left, right) in equalities {
      let (a, b) = (name(of: left), name(of: right))
      if a != b { parent[max(a, b)] = min(a, b) }
    }
  }

  /// The least path known equal to `path` (itself when none is).
  func name(of path: String) -> String {
    var current = path
    // Each step moves to a smaller name, so the walk ends.
    while let next = parent[current], next < current { current = next }
    return current
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

  /// The number of a look-up's argument: for a path literal, its segments, an interpolated
  /// access path under its least equal name in `names`; for anything else, ``id(of:_:)``.
  mutating func id(of expression: Expression, _ bindings: Bindings, names: DocumentNames) -> Int {
    guard case .path(let path) = expression.kind else { return id(of: expression, bindings) }
    var text = "path"
    for segment in path.segments {
      switch segment.kind {
      case .text(let literal): text += "/t:" + literal
      case .binding(let name): text += "/b:" + name
      case .interpolation(let inner):
        if let read = context.accessPath(inner, bindings) {
          text += "/p:" + names.name(of: read.description)
        } else {
          text += "/e:\(id(of: inner, bindings))"
        }
      }
    }
    return number(text)
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
