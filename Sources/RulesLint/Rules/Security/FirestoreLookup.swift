import RulesSyntax

/// Points out `firestore.get` and `firestore.exists`, which need setup and cost reads.
struct FirestoreLookup: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC310", name: "firestore-lookup", category: .security, defaultSeverity: .note,
    summary: "the rules read Firestore documents",
    rationale: """
      `firestore.get()` and `firestore.exists()` let Storage rules read Firestore, which is \
      useful for roles and sharing. They have costs that are easy to miss: the Storage \
      service agent needs access to Firestore (the Firebase CLI asks to grant an IAM role on \
      the first deploy, and the rules deny until it is granted), every look-up is a billed \
      Firestore read, only the `(default)` database is reachable, and a request may make at \
      most two distinct look-ups (RC200). This note lists each look-up so that the setup is \
      a decision, not a surprise.
      """,
    examples: [
      .fails(
        """
        match /projects/{projectId}/{fileName} {
          allow read: if ⟦firestore.get⟧(/databases/(default)/documents/projects/$(projectId)).data.public == true;
        }
        """),
      .fails(
        """
        match /projects/{projectId}/{fileName} {
          allow write: if ⟦firestore.exists⟧(/databases/(default)/documents/owners/$(request.auth.uid));
        }
        """),
      .passes(
        """
        match /projects/{projectId}/{fileName} {
          allow read: if request.auth.token.projects.hasAny([projectId]);
        }
        """),
    ],
    limitations: "Look-ups in functions no condition calls are not reported.")

  func check(_ context: LintContext, report: inout RuleReport) {
    for allow in context.allows {
      for (call, _) in context.facts(for: allow).firestoreLookups {
        guard case .call(let callee, _) = call.kind, case .member(_, let name) = callee.kind else { continue }
        report.report(
          "firestore.\(name.name) reads a Firestore document: it needs IAM access for the Storage service agent and each call is a billed read",
          at: callee.range)
      }
    }
  }
}
