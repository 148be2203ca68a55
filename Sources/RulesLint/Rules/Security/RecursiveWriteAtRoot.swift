import RulesSemantics
import RulesSyntax

/// Flags writes granted by a recursive wildcard at the bucket root.
struct RecursiveWriteAtRoot: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC307", name: "recursive-write-at-root", category: .security, defaultSeverity: .warning,
    summary: "one condition grants writes to every path in the bucket",
    rationale: """
      `match /{allPaths=**}` directly under `/b/{bucket}/o` covers every object in the \
      bucket, and rules do not cascade: a stricter block elsewhere cannot take back what this \
      one grants. A write condition here (often just `request.auth != null`) therefore \
      decides every upload, overwrite and delete in the bucket, including other users' files. \
      Grant writes in blocks for specific folders instead.
      """,
    examples: [
      .fails(
        """
        match /{allPaths=**} {
          allow read, ⟦write⟧: if request.auth != null;
        }
        """),
      .fails(
        """
        rules_version = '2';
        service firebase.storage {
          match /{everything=**} {
            allow ⟦delete⟧: if request.auth != null;
          }
        }
        """),
      .passes(
        """
        match /{allPaths=**} {
          allow read: if request.auth != null;
          allow write: if false;
        }
        """),
      .passes(
        """
        match /{allPaths=**} {
          allow read, write: if request.time < timestamp.date(2020, 1, 1);
        }
        """),
      .passes(
        """
        match /{allPaths=**} {
          allow write: if request.auth.token.admin == true;
        }
        """),
      .passes(
        """
        match /uploads/{userId}/{allPaths=**} {
          allow write: if request.auth.uid == userId;
        }
        """),
      .passes(
        """
        match /{allPaths=**} {
          allow write: if request.auth != null && get(/databases/(default)/documents/admins/x).data.on;
        }
        """),
    ],
    limitations: """
      Statements with no condition or an always-true one are left to RC301; statements that \
      grant nothing since an expired test-mode date (RC304), or because an operand of their \
      top-level `&&` always fails (a call of `get()`, which Storage rules do not have), are \
      not reported. Writes limited by \
      a custom claim (`request.auth.token.admin == true`), a Firestore look-up, or a \
      comparison of `request.auth.uid` with something other than a wildcard are taken as \
      deliberate and not reported. The methods named are those the condition can grant: \
      `delete` is left out where the condition must read a field of `request.resource` (null \
      on delete, so the read is an error no `||` absorbs).
      """)

  func check(_ context: LintContext, report: inout RuleReport) {
    let writes: RequestMethods = [.create, .update, .delete]
    for allow in context.allows where !allow.methods.isDisjoint(with: writes) {
      let objectPath = allow.fullPattern.dropFirst(context.objectPathStart(allow.fullPattern))
      guard objectPath.count == 1, let glob = objectPath.first, glob.isRecursive,
        let condition = allow.condition, context.constantBool(condition) == nil,
        !context.restrictsToRoles(context.facts(for: allow)), let range = allow.namesRange(granting: writes),
        // An expired test-mode date (RC304) or an operand that always fails grants nothing.
        !context.grantsNothingFromNow(allow)
      else { continue }
      // Only what the condition can grant: no delete where it reads request.resource.
      let granted = context.grantableMethods(allow).intersection(writes)
      guard !granted.isEmpty else { continue }
      report.report(
        "\(LintContext.spoken(granted)) is granted on \(context.patternText(allow.fullPattern)), which covers every object in the bucket",
        at: range, notes: [DiagnosticNote("the recursive wildcard", range: glob.range)])
    }
  }
}
