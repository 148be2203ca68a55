import RulesAudit
import RulesSemantics
import RulesSyntax

/// Flags methods a statement names but can never grant, decided by the evaluator: the
/// condition is an evaluation error on every probe request of that method while it grants
/// another method the statement names.
struct MethodNeverGranted: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC113", name: "method-never-granted", category: .correctness, defaultSeverity: .warning,
    summary: "a statement names a method its condition can never grant",
    rationale: """
      `allow write: if request.resource.size < 5 * 1024 * 1024;` reads as "anyone may write \
      small files", but `write` includes `delete`, and a delete has no `request.resource` \
      (it is null): the condition is an error on every delete, so the statement never grants \
      delete. Likewise `resource` is null on a `list` and on the upload of a new name. Either \
      the method is not meant to be granted (write the methods that are: `allow create, \
      update`), or it needs its own statement (`allow delete: if resource.metadata.owner == \
      request.auth.uid`).

      The rule asks the evaluator: the statement alone grants some method it names to some \
      callers, and for each of those callers it is an evaluation error on every probe request \
      of the other method (every object, size and content type of the audit), so no caller \
      is ever granted it. So the rule never repeats \
      RC103 (request-resource-in-delete) or RC102 (resource-in-create), which check \
      statements that name one method only, nor RC105 (always-false-condition), whose \
      statements grant nothing at all. A method that another statement grants to the same \
      callers (a separate `allow delete`) is not reported: naming it is then harmless. `list` \
      is reported only when written as `list` (a \
      `read` written for `get` in a version 1 era file rarely means it).
      """,
    examples: [
      .fails(
        """
        match /uploads/{fileName} {
          allow ⟦write⟧: if request.auth != null && request.resource.size < 5 * 1024 * 1024;
        }
        """),
      .fails(
        """
        match /photos/{fileName} {
          allow create, ⟦delete⟧: if request.resource.contentType.matches('image/.*');
        }
        """),
      .fails(
        """
        match /docs/{fileName} {
          allow get, ⟦list⟧: if resource.size < 1024;
        }
        """),
      .passes(
        """
        match /uploads/{fileName} {
          allow create, update: if request.auth != null && request.resource.size < 5 * 1024 * 1024;
          allow delete: if request.auth != null;
        }
        """),
      .passes(
        """
        match /uploads/{fileName} {
          allow write: if request.auth != null && request.resource.size < 5 * 1024 * 1024;
          allow delete: if request.auth != null;
        }
        """),
      .passes(
        """
        match /uploads/{fileName} {
          allow write: if request.auth != null && (request.resource == null || request.resource.size < 1024);
        }
        """),
      .passes(
        """
        match /docs/{fileName} {
          allow read: if resource.size < 1024;
        }
        """),
      .passes(
        """
        match /docs/{fileName} {
          allow write: if firestore.get(/databases/(default)/documents/docs/$(fileName)).data.open == true
            && request.resource.size < 1024;
        }
        """),
    ],
    limitations: """
      A condition that reads a Firestore document or `request.time` is not judged (the \
      probes cannot know them), nor one that is false rather than an error for the method \
      (`request.resource != null && …` names write but means create and update: usually \
      deliberate), nor an error that no null object explains (`request.resource` on a get, \
      list or delete, `resource` on a list): a missing custom metadata key on every probe \
      proves nothing about real objects. A file whose audit budget runs out before the block \
      is decided gets no finding for it.
      """)

  func check(_ context: LintContext, report: inout RuleReport) {
    let facts = context.accessFacts
    guard !facts.blocks.isEmpty else { return }
    for allow in context.allows {
      guard let condition = allow.condition, context.constantBool(condition) == nil,
        let block = facts.blocks[allow.matchIndex], let statement = facts.statement(allow),
        !statement.reads.time, statement.reads.documents.isEmpty
      else { continue }
      let writesList = allow.statement.methods.contains { $0.method == .list }
      let granted = RequestMethods(statement.methods.filter { statement.grants($0) })
      // The callers the statement grants something: the proof is that, for each of them,
      // the method is an error on every probe (the same caller, the same objects).
      let callers = Set(statement.grants.keys.map(\.identity))
      guard !granted.isEmpty else { continue }
      var error: String?
      let never = RequestMethods(
        statement.methods.subtracting(granted).filter { method in
          // Only what a null object explains is a proof: another error on every probe may come
          // from what the probes lack (a custom metadata key), not from the method.
          guard method != .list || writesList, !Self.cause(method, statement.reads).isEmpty else {
            return false
          }
          var decided = false
          for caller in callers {
            let key = AccessKey(caller, method)
            guard let evaluated = statement.evaluated[key], evaluated > 0 else { continue }
            // Another statement granting the method to the caller makes naming it harmless.
            guard statement.errors[key] == evaluated, block.rulesetGrants[key] == nil else { return false }
            decided = true
            if error == nil { error = statement.firstError[key] }
          }
          return decided
        })
      guard !never.isEmpty, let range = allow.namesRange(granting: never) else { continue }
      let first = RequestMethod.allCases.first { never.contains($0) } ?? .delete
      let quoted = error.map { " ('\($0)')" } ?? ""
      report.report(
        "this statement never grants \(LintContext.spoken(never)): its condition is an error on every "
          + "\(first.rawValue)\(quoted)\(Self.cause(first, statement.reads)), and no other statement grants "
          + "it to those it lets \(LintContext.spoken(granted))",
        at: range)
    }
  }

  /// Why the condition fails for `method`, when a null object explains it.
  private static func cause(_ method: RequestMethod, _ reads: AllowReads) -> String {
    if method != .create && method != .update && reads.requestResource {
      return ", as request.resource is null for a \(method.rawValue)"
    }
    if method == .list && reads.resource { return ", as resource is null for a list" }
    return ""
  }
}
