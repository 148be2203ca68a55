import RulesAudit
import RulesSemantics
import RulesSyntax

/// Notes statements that, decided by the evaluator, let a signed-in stranger read another
/// user's instance of a pattern with a wildcard in its folder part, whatever the wildcard is
/// called.
struct CrossUserRead: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC114", name: "cross-user-read", category: .security, defaultSeverity: .note,
    summary: "any signed-in user can read every instance of a per-user or per-group folder",
    rationale: """
      A wildcard in the folder part of a path (`/users/{userId}/{file}`, \
      `/chats/{chatId}/{file}`) makes one folder per user, group or item; `/{allPaths=**}` at \
      the bucket root covers every folder. When the read \
      condition only asks for a signed-in user (`request.auth != null`), every signed-in user \
      (anonymous sign-in and any account anyone can create included) can download, and under \
      version 2 list, the files of every other folder: private documents, chat attachments, \
      receipts. That is often meant (profile pictures every user sees), so this is a note; \
      where the files are private, tie the folder to the caller (`request.auth.uid == userId`, \
      a custom claim, a Firestore membership look-up).

      The rule does not read the condition's text: it asks the evaluator whether a stranger \
      (user `bob`, no claims) may get or list user `alice`'s instance of the pattern (every \
      wildcard holds `alice`) with this statement alone, as `rulescheck simulate` would decide \
      it, and whether an anonymous caller may not (a public read is RC302's and RC311's). The \
      message names only the methods so granted.
      """,
    examples: [
      .fails(
        """
        match /users/{userId}/{fileName} {
          allow ⟦read⟧: if request.auth != null;
          allow write: if request.auth.uid == userId;
        }
        """),
      .fails(
        """
        match /chats/{chatId}/attachments/{fileName} {
          allow ⟦get⟧: if request.auth != null && resource.size < 10 * 1024 * 1024;
        }
        """),
      .passes(
        """
        match /users/{userId}/{fileName} {
          allow read: if request.auth.uid == userId;
        }
        """),
      .passes(
        """
        match /users/{userId}/{fileName} {
          allow read: if true;
        }
        """),
      .fails(
        """
        match /{allPaths=**} {
          allow ⟦read⟧: if request.auth != null;
        }
        """),
      .passes(
        """
        match /shared/{fileName} {
          allow read: if request.auth != null;
        }
        """),
      .passes(
        """
        match /teams/{teamId}/{fileName} {
          allow read: if firestore.exists(/databases/(default)/documents/teams/$(teamId)/members/$(request.auth.uid));
        }
        """),
    ],
    limitations: """
      Only the audit's probe requests are decided (see RC312). A folder every signed-in user is \
      meant to read (avatars, a shared feed) is reported too: suppress it with a reason, or turn \
      the rule off. Statements without a condition or with an always-true one are left to RC302 \
      and RC311. A file whose access budget runs out before the block is decided gets no \
      finding for it.
      """)

  func check(_ context: LintContext, report: inout RuleReport) {
    let facts = context.accessFacts
    guard !facts.blocks.isEmpty else { return }
    let reads: [RequestMethod] = [.get, .list]
    for allow in context.allows {
      let objectPath = allow.fullPattern.dropFirst(context.objectPathStart(allow.fullPattern))
      // `/{allPaths=**}` at the bucket root: every object of every user.
      let wholeBucket = objectPath.count == 1 && objectPath.first?.isRecursive == true
      guard let block = facts.blocks[allow.matchIndex], block.probe.hasFolderWildcard || wholeBucket,
        let condition = allow.condition, context.constantBool(condition) != true,
        let statement = facts.statement(allow)
      else { continue }
      let granted = RequestMethods(
        reads.filter {
          statement.grants[AccessKey(.stranger, $0)] != nil
            && statement.grants[AccessKey(.anonymous, $0)] == nil
        })
      guard !granted.isEmpty, let range = allow.namesRange(granting: granted) else { continue }
      let verbs = LintContext.spoken(granted)
      let folders = CrossUserWrite.folderWildcards(allow.fullPattern, context)
      report.report(
        wholeBucket
          ? "any signed-in user can \(verbs) every object in the bucket, every user's files included"
          : "any signed-in user can \(verbs) files in every \(folders) folder of "
            + "\(context.patternText(allow.fullPattern)), not only their own",
        at: range)
    }
  }
}
