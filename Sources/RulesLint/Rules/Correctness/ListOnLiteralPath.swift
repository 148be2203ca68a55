import RulesSyntax

/// Flags `allow list` in a block whose path ends in a literal segment.
struct ListOnLiteralPath: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC100", name: "list-on-literal-path", category: .correctness, defaultSeverity: .warning,
    summary: "allow list in a block whose path ends in a literal grants nothing",
    rationale: """
      Listing folder `P` is decided by the blocks whose full pattern matches `P/<child>` for \
      a file `<child>` that is not named in the request, so the last segment must be a \
      wildcard: `match /images/{imageId} { allow list; }` grants listing `images`. A block \
      ending in a literal, such as `match /images/index.json`, never matches the unnamed \
      child, so its `allow list` never grants anything. Move `list` to a block ending in \
      `{name}` or `{path=**}`.
      """,
    examples: [
      .fails(
        """
        match /images/index.json {
          allow ⟦list⟧: if request.auth != null;
        }
        """),
      .fails(
        """
        match /users/{userId}/public {
          allow get, ⟦list⟧: if request.auth.uid == userId;
        }
        """),
      .passes(
        """
        match /images/{imageId} {
          allow list: if request.auth != null;
        }
        """),
      .passes(
        """
        match /images/index.json {
          allow read: if request.auth != null;
        }
        """),
    ],
    limitations: """
      Only `list` named explicitly is reported; `read` still grants `get` there. The Firebase \
      emulator decides a list at the folder's own path, so `match /folder { allow list; }` \
      works there (the emulator's own test rules use it); production and rulescheck decide \
      it on the folder's children (decisions §8).
      """)

  func check(_ context: LintContext, report: inout RuleReport) {
    for allow in context.allows {
      guard case .literal(let literal)? = allow.fullPattern.last?.kind else { continue }
      for name in allow.statement.methods where name.method == .list {
        report.report(
          "'list' here grants nothing: a list is decided by blocks whose last segment is a wildcard, and '\(literal)' is a literal",
          at: name.range)
      }
    }
  }
}
