import RulesSemantics
import RulesSyntax

/// Flags `allow` statements that let anyone list folders whose path has a wildcard: no
/// condition, or an always-true one, on `list` (or version 2 `read`).
struct PublicList: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC311", name: "public-list", category: .security, defaultSeverity: .warning,
    summary: "anyone can list the folders of every user, group or document",
    rationale: """
      A list of folder `P` is decided as a `list` request on an object directly inside `P` \
      (decisions.md §8), so `match /users/{userId}/{fileName} { allow read: if true; }` lets \
      anyone, signed in or not, list `users/alice`, `users/bob` and every other folder the \
      wildcard stands for; `/{allPaths=**}` at the bucket root lets anyone list every folder \
      of the bucket. \
      Downloading a public file needs its name; listing hands out the names of every file in \
      every such folder: private uploads that were only unguessable, and who has uploaded at \
      all. Grant `get` publicly if the files are public assets, and `list` only to the owner \
      (`allow list: if request.auth != null && request.auth.uid == userId;`). Folders without \
      a wildcard (`public/`), and a recursive wildcard under a literal folder \
      (`/public/{allPaths=**}`, a tree of assets named by its folder), are left to RC302, a \
      note. Under version 1 `read` grants no list, so nothing is reported. On the 261 real \
      files rulescheck is calibrated on, 153 of the 246 statements RC302 reported before the \
      split list wildcard folders.
      """,
    examples: [
      .fails(
        """
        match /users/{userId}/{fileName} {
          allow ⟦read⟧;
        }
        """),
      .fails(
        """
        match /{allPaths=**} {
          allow read, write: if ⟦true⟧;
        }
        """),
      .fails(
        """
        match /groups/{groupId}/{fileName} {
          allow list: if request.auth.uid == 'x' || ⟦1 == 1⟧;
        }
        """),
      .passes(
        """
        match /users/{userId}/{fileName} {
          allow get;
          allow list: if request.auth != null && request.auth.uid == userId;
        }
        """),
      .passes(
        """
        match /public/{fileName} {
          allow read;
        }
        """),
      .passes(
        """
        match /public/{allPaths=**} {
          allow read: if true;
        }
        """),
    ],
    limitations: """
      Decided on the text of the condition (no condition, or one that is always true), like \
      RC301 and RC302; a condition true for every signed-in user is not reported here. A \
      wildcard that stands for something public (a product id) is reported too; suppress the \
      finding there.
      """)

  func check(_ context: LintContext, report: inout RuleReport) {
    UnconditionalGrant.report(
      context, methods: [.list], into: &report,
      granted: { UnconditionalGrant.wildcardFolder(of: $0, in: context) == nil ? [] : [.list] },
      subject: { allow in
        guard let folder = UnconditionalGrant.wildcardFolder(of: allow, in: context) else { return "" }
        return "every folder matching \(context.patternText(allow.fullPattern[..<folder.endIndex]))"
      })
  }
}
