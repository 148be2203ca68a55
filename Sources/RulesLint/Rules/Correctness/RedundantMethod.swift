import RulesSemantics
import RulesSyntax

/// Flags methods listed twice in one `allow`, or already covered by another listed method.
struct RedundantMethod: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC106", name: "redundant-method", category: .correctness, defaultSeverity: .warning,
    summary: "a method is repeated or already covered by another in the same allow",
    rationale: """
      `read` already grants `get` (and `list` under version 2), and `write` grants `create`, \
      `update` and `delete`, so `allow read, get` or `allow write, create` lists a method \
      twice. It is harmless, but it suggests the author expected the narrower method to add \
      a restriction, which it cannot. The fix removes the redundant name.
      """,
    examples: [
      .fails(
        """
        match /files/{fileName} {
          allow read, ⟦get⟧: if request.auth != null;
        }
        """,
        fixed: """
          match /files/{fileName} {
            allow read: if request.auth != null;
          }
          """),
      .fails(
        """
        match /files/{fileName} {
          allow ⟦create⟧, write, ⟦write⟧: if request.auth != null;
        }
        """,
        fixed: """
          match /files/{fileName} {
            allow write: if request.auth != null;
          }
          """),
      .passes(
        """
        match /files/{fileName} {
          allow get, list: if request.auth != null;
        }
        """),
      .passes(
        """
        match /files/{fileName} {
          allow read, get: if false;
        }
        """),
      .passes(
        """
        match /uploads/{userId}/{fileName} {
          allow write, delete: if request.auth.uid == userId && request.resource.size < 5 * 1024 * 1024;
        }
        """),
    ],
    limitations: """
      Statements whose condition is always false (`if false`) grant nothing, so nothing in them \
      is redundant and they are not reported; nor is `delete` next to `write` when the condition \
      reads a field of `request.resource` (null on delete): neither name grants a delete there \
      (RC113 says so). Overlaps between different `allow` statements are \
      not reported.
      """,
    fix: .safe(
      "the removed method grants nothing the rest of the statement does not, under the same condition"))

  func check(_ context: LintContext, report: inout RuleReport) {
    for allow in context.allows where allow.statement.methods.count > 1 {
      // A statement that never grants has no redundant method: nothing is granted twice. A
      // method the condition can never grant (delete, reading request.resource) is not
      // "already granted" by another name: nothing grants it. Both are asked only once a
      // name is covered by another (most statements list no such name).
      var grantableMethods: RequestMethods??
      func grantable() -> RequestMethods? {
        if let grantableMethods { return grantableMethods }
        let methods = context.neverGrants(allow) ? nil : context.grantableMethods(allow)
        grantableMethods = .some(methods)
        return methods
      }
      let names = allow.statement.methods
      let granted = names.map { $0.method?.requestMethods(in: context.version) ?? [] }
      // The first name granting each distinct set (at most one per method kind), so the
      // statement is checked in linear time however many names it lists.
      var firstGranting: [(granted: RequestMethods, index: Int)] = []
      for index in names.indices where names[index].method != nil {
        if !firstGranting.contains(where: { $0.granted == granted[index] }) {
          firstGranting.append((granted[index], index))
        }
      }
      for index in names.indices where names[index].method != nil {
        // The first other name granting everything this one grants: one granting more, or
        // an earlier one granting the same.
        let covering = firstGranting.compactMap { other -> Int? in
          guard other.granted.isSuperset(of: granted[index]) else { return nil }
          return other.granted != granted[index] || other.index < index ? other.index : nil
        }.min()
        guard let covering else { continue }
        guard let grantable = grantable() else { break }
        guard granted[index].isSubset(of: grantable) else { continue }
        let name = names[index]
        let message =
          names[covering].name == name.name
          ? "'\(name.name)' is listed twice"
          : "'\(name.name)' is already granted by '\(names[covering].name)'"
        let removal =
          index > 0
          ? SourceRange(start: names[index - 1].range.end, end: name.range.end)
          : SourceRange(start: name.range.start, end: names[1].range.start)
        report.report(
          message, at: name.range,
          fix: Fix(
            "remove '\(name.name)'", edits: [TextEdit(range: removal, replacement: "")], applicability: .safe)
        )
      }
    }
  }
}
