import RulesAudit
import RulesSemantics
import RulesSyntax

/// Flags statements that, decided by the evaluator, let a signed-in stranger write in another
/// user's instance of a pattern with a wildcard in its folder part, whatever the wildcard is
/// called.
struct CrossUserWrite: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC312", name: "cross-user-write", category: .security, defaultSeverity: .warning,
    summary: "any signed-in user can write in every instance of a per-user or per-group folder",
    rationale: """
      A wildcard in the folder part of a path (`/groups/{groupId}/{file}`, \
      `/uploads/{folder}/{file}`) makes one folder per user, group or item. When the \
      condition only asks for a signed-in user (`request.auth != null`), or checks the file \
      but not the caller, every signed-in user (anonymous sign-in included) can upload, \
      overwrite and delete files in every other folder. Tie the folder to the caller \
      (`request.auth.uid == groupId`, a custom claim, a Firestore membership look-up).

      The rule does not read the condition's text: it asks the evaluator whether a stranger \
      (user `bob`, no claims) may create, update or delete on user `alice`'s instance of the \
      pattern (every wildcard holds `alice`), with this statement alone, exactly as \
      `rulescheck simulate` would decide it; the message names only the methods so granted. \
      RC303 (owner-not-checked) reports the same mistake, at error severity, for wildcards \
      named like a user id (`{userId}`); this rule stays quiet on the statements RC303 reports, \
      and on those RC314 (always-true-branch) reports, whose message names the branch at fault. \
      Statements without a condition or with an always-true one are RC301's.
      """,
    examples: [
      .fails(
        """
        match /groups/{groupId}/{fileName} {
          allow read, ⟦write⟧: if request.auth != null;
        }
        """),
      .fails(
        """
        match /uploads/{folder}/{fileName} {
          allow ⟦create⟧: if request.resource.size < 5 * 1024 * 1024;
        }
        """),
      .fails(
        """
        match /teams/{teamId}/{fileName} {
          allow ⟦write⟧: if request.auth != null && request.resource.size < 1024;
        }
        """),
      .passes(
        """
        match /groups/{groupId}/{fileName} {
          allow write: if request.auth.uid == groupId;
        }
        """),
      .passes(
        """
        match /groups/{groupId}/{fileName} {
          allow write: if request.auth.token.admin == true;
        }
        """),
      .passes(
        """
        match /groups/{groupId}/{fileName} {
          allow write: if firestore.get(/databases/(default)/documents/groups/$(groupId)).data.owner == request.auth.uid;
        }
        """),
      .passes(
        """
        match /public/{fileName} {
          allow write: if request.auth != null;
        }
        """),
      .passes(
        """
        match /users/{userId}/{fileName} {
          allow write: if request.auth != null;
        }
        """),
    ],
    limitations: """
      Only the probe requests of the audit are decided: a stranger who could pass the condition \
      with metadata of their choosing (`request.resource.metadata.owner == request.auth.uid` \
      when uploading into someone else's folder) is not found, since probes upload with the \
      owner's metadata. A folder meant to be shared by every signed-in user (a public drop box) \
      is reported too: suppress it with a reason. Reads are not reported (public or shared \
      reading is usually intended; `rulescheck audit` shows them). A file whose audit budget \
      runs out before the block is decided gets no finding for it.
      """)

  func check(_ context: LintContext, report: inout RuleReport) {
    let facts = context.accessFacts
    guard !facts.blocks.isEmpty else { return }
    let ownerRanges = context.ownerNotChecked.diagnostics.map(\.range)
    let branches = Set(AlwaysTrueBranch.findings(context).map(\.statement))
    let writes: [RequestMethod] = [.create, .update, .delete]
    for allow in context.allows {
      guard let block = facts.blocks[allow.matchIndex], block.probe.hasFolderWildcard,
        let condition = allow.condition, context.constantBool(condition) != true,
        let statement = facts.statement(allow)
      else { continue }
      let granted = RequestMethods(writes.filter { statement.grants[AccessKey(.stranger, $0)] != nil })
      guard !granted.isEmpty, !branches.contains(allow.range),
        !ownerRanges.contains(where: { allow.range.start <= $0.start && $0.end <= allow.range.end }),
        let range = allow.namesRange(granting: granted)
      else { continue }
      let anyone = granted.contains { statement.grants[AccessKey(.anonymous, $0)] != nil }
      let who = anyone ? "anyone, signed in or not," : "any signed-in user"
      let folders = Self.folderWildcards(allow.fullPattern, context)
      report.report(
        "\(who) can \(LintContext.spoken(granted)) files in every \(folders) folder of "
          + "\(context.patternText(allow.fullPattern)), not only their own",
        at: range)
    }
  }

  /// The wildcards of the folder part of the object path, spelled `{groupId}`, joined.
  static func folderWildcards(_ pattern: [PathSegment], _ context: LintContext) -> String {
    let objectPath = pattern.dropFirst(context.objectPathStart(pattern)).dropLast()
    let names = objectPath.compactMap(\.variableName).map { "{\($0)}" }
    return names.joined(separator: "/")
  }
}
