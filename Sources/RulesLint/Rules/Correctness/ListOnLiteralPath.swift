import RulesSyntax

/// Flags `allow list` in a block whose path ends in a literal segment.
struct ListOnLiteralPath: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC100", name: "list-on-literal-path", category: .correctness, defaultSeverity: .warning,
    summary: "allow list in a block whose path ends in a literal grants nothing",
    rationale: """
      In production, listing folder `P` is decided by the blocks whose full pattern matches \
      `P/<child>` for a file `<child>` that is not named in the request, so the last segment \
      must be a wildcard: `match /images/{imageId} { allow list; }` grants listing `images`. A \
      block ending in a literal, such as `match /images/index.json` or the emulator-era \
      `match /folder { allow list; }`, never matches the unnamed child, so its `allow list` \
      grants nothing once deployed. Move `list` to a block ending in `{name}` or `{path=**}`.

      Why it works in the emulator: the Storage emulator checks a list with the folder's own \
      path (`b/<bucket>/o/<prefix>`, trailing slashes removed), so `match /folder` matches \
      there. Production \
      decides on the folder's children: Firebase's documented example puts `allow list` \
      inside `match /images/{imageId}`, and firebase-tools#3533 reports production granting \
      `listAll(ref(uid))` under `match /{uid}/{fileName}` while the emulator refused it (fixed \
      in the emulator by #4827). rulescheck's `simulate`, `list` and `audit` decide as \
      production does (decisions.md §8; storage-list-and-references.md §3 and case S8), so \
      this finding is production's behaviour, not a rulescheck quirk.
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
        match /folder {
          allow ⟦list⟧;
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
      Only `list` named explicitly is reported; `read` still grants `get` there. Whether \
      production also grants a list on a block equal to the folder (`match /folder`) is not \
      confirmed by Firebase's code or documents (storage-list-and-references.md, S8); the \
      documented example and firebase-tools#3533 support the child-match model rulescheck \
      follows.
      """)

  func check(_ context: LintContext, report: inout RuleReport) {
    for allow in context.allows {
      guard case .literal(let literal)? = allow.fullPattern.last?.kind else { continue }
      for name in allow.statement.methods where name.method == .list {
        report.report(
          "'list' here grants nothing in production: a list of a folder is decided by the blocks matching a file inside it, whose last segment must be a wildcard, and '\(literal)' is a literal (the emulator, which matches a list at the folder's own path, grants it)",
          at: name.range)
      }
    }
  }
}
