import Foundation
import RulesAudit
import RulesEvaluator
import RulesLint
import RulesSemantics
import RulesSyntax
import Testing

/// The rules that claim who may do what (RC113, RC312, RC313, RC314): what each finding claims
/// is what `simulate` (``CompiledRuleset/decide(_:firestore:trace:)``) decides on the request the
/// audit engine found, and a file whose audit budget runs out reports nothing it did not decide.
@Suite struct AccessRuleTests {
  private func wrap(_ body: String) -> String {
    "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n\(body)\n  }\n}\n"
  }

  private func context(_ text: String) -> LintContext {
    LintContext(ruleset: SemanticAnalyzer.analyze(SourceFile(path: "a.rules", text: text)), now: Date())
  }

  private func findings(_ code: String, _ text: String) throws -> [Diagnostic] {
    let descriptor = try #require(RuleCatalogue.standard.descriptor(code))
    return ExampleLint.findings(of: descriptor, in: text)
  }

  /// Decides `request` on the file behind `context` as `simulate` does.
  private func decide(_ context: LintContext, _ request: Request) -> Decision {
    CompiledRuleset(context.ruleset).decide(request)
  }

  @Test func crossUserWriteNamesExactlyTheMethodsTheEngineGrantsTheStranger() throws {
    let text = wrap(
      """
          match /groups/{groupId}/{fileName} {
            allow write: if request.auth != null && request.resource.size < 1024;
          }
      """)
    let found = try findings("RC312", text)
    #expect(found.count == 1)
    #expect(
      found.first?.message.hasPrefix("any signed-in user can create and update files in every {groupId}")
        == true)
    let context = context(text)
    let allow = try #require(context.allows.first)
    let statement = try #require(context.accessFacts.statement(allow))
    for method in [RequestMethod.create, .update] {
      let witness = try #require(statement.grants[AccessKey(.stranger, method)])
      #expect(witness.auth?.uid == AuditIdentity.strangerUID)
      let decision = decide(context, witness)
      #expect(decision.allowed)
      #expect(decision.reason == .granted(block: allow.matchIndex, statement: allow.range))
    }
    // The message leaves delete out: the engine denies every delete (request.resource is null).
    #expect(statement.grants[AccessKey(.stranger, .delete)] == nil)
    #expect(statement.evaluated[AccessKey(.stranger, .delete)] ?? 0 > 0)
  }

  @Test func crossUserWriteStaysQuietWhereOwnerNotCheckedReports() throws {
    let text = wrap(
      """
          match /users/{userId}/{fileName} {
            allow write: if request.auth != null;
          }
      """)
    #expect(try findings("RC303", text).count == 1)
    #expect(try findings("RC312", text).isEmpty)
  }

  @Test func methodNeverGrantedIsDeniedForEveryIdentityOnEveryProbe() throws {
    let text = wrap(
      """
          match /uploads/{fileName} {
            allow write: if request.auth != null && request.resource.size < 1024;
          }
      """)
    let found = try findings("RC113", text)
    #expect(found.count == 1)
    #expect(found.first?.message.hasPrefix("this statement never grants delete:") == true)
    let context = context(text)
    let allow = try #require(context.allows.first)
    let facts = context.accessFacts
    let statement = try #require(facts.statement(allow))
    let audit = try #require(facts.audit)
    // The statement grants create to the owner, and no identity a delete on any probe object.
    let create = try #require(statement.grants[AccessKey(.owner, .create)])
    #expect(decide(context, create).allowed)
    let probe = try #require(facts.blocks[allow.matchIndex]?.probe)
    for identity in audit.plan.identities {
      for object in probe.objects {
        let delete = Request(
          method: .delete, bucket: probe.bucket, path: object, auth: identity.auth,
          resource: ObjectMetadata.stored(name: object, bucket: probe.bucket, given: [:], time: create.time),
          time: create.time)
        #expect(!decide(context, delete).allowed)
      }
    }
  }

  @Test func methodNeverGrantedLeavesDeleteOnlyStatementsToRC103() throws {
    let text = wrap(
      """
          match /uploads/{fileName} {
            allow delete: if request.resource.size < 1024;
          }
      """)
    #expect(try findings("RC103", text).count == 1)
    #expect(try findings("RC113", text).isEmpty)
  }

  @Test func otherMatchGrantsNamesTheBlockWhoseStatementTheEngineGrantsWith() throws {
    let text = wrap(
      """
          match /avatars/{uid}/{fileName} {
            allow read;
            allow write: if request.auth.uid == uid;
          }
          match /{allPaths=**} {
            allow read, write: if request.auth != null;
          }
      """)
    let found = try findings("RC313", text)
    #expect(found.count == 1)
    #expect(
      found.first?.message.hasPrefix("the match at line 8 (/b/{bucket}/o/{allPaths=**}) grants") == true)
    let context = context(text)
    let narrow = try #require(context.allows.first { $0.matchIndex == context.allows[1].matchIndex })
    let block = try #require(context.accessFacts.blocks[narrow.matchIndex])
    let broad = try #require(context.allows.last)
    for method in [RequestMethod.create, .update, .delete] {
      let grant = try #require(block.rulesetGrants[AccessKey(.stranger, method)])
      #expect(grant.block == broad.matchIndex)
      let decision = decide(context, grant.witness)
      #expect(decision.allowed)
      #expect(decision.reason == .granted(block: broad.matchIndex, statement: broad.range))
      // This block's own statements deny the stranger the same request.
      #expect(block.statements.allSatisfy { $0.grants[AccessKey(.stranger, method)] == nil })
    }
  }

  @Test func alwaysTrueBranchIsTheBranchTheEngineFoundTrueForTheStranger() throws {
    let text = wrap(
      """
          match /users/{userId}/{fileName} {
            allow write: if request.auth.uid == userId || request.auth != null;
          }
      """)
    let found = try findings("RC314", text)
    #expect(found.count == 1)
    let finding = try #require(found.first)
    let context = context(text)
    let allow = try #require(context.allows.first)
    #expect(context.text(finding.range) == "request.auth != null")
    let witness = try #require(context.accessFacts.statement(allow)?.grants[AccessKey(.stranger, .create)])
    let decision = CompiledRuleset(context.ruleset).decide(witness, trace: true)
    #expect(decision.allowed)
    #expect(decision.reason == .granted(block: allow.matchIndex, statement: allow.range))
    let values = decision.trace.flatMap(\.allows).flatMap(\.values)
    let branch = values.last { $0.range == finding.range }?.value
    #expect({ if case .bool(true)? = branch { true } else { false } }())
    // RC312 and RC303 leave the statement to RC314's message, which names the branch.
    #expect(try findings("RC312", text).isEmpty)
  }

  @Test func aFileBeyondTheAuditBudgetReportsOnlyTheBlocksItDecided() throws {
    let blocks = (0..<600).map {
      "    match /m\($0)/{group}/{fileName} { allow write: if request.auth != null; }"
    }
    let text = wrap(blocks.joined(separator: "\n"))
    let context = context(text)
    let facts = context.accessFacts
    #expect(facts.budgetExhausted)
    #expect(facts.blocks.count < 600)
    // One RS190 note says where the access rules stopped: on the first block left out.
    let notes = RuleCatalogue.standard.check(context).filter { $0.id.code == "RS190" }
    let undecided = try #require(facts.firstUndecided)
    #expect(notes.count == 1)
    #expect(notes.first?.message.hasPrefix("access budget reached at this block") == true)
    #expect(notes.first?.range == context.ruleset.matches[undecided].block.pattern.range)
    #expect(facts.blocks.keys.allSatisfy { $0 < undecided })
    let found = try findings("RC312", text)
    #expect(found.count == facts.blocks.count)
    let decided = Set(
      facts.blocks.keys.compactMap { index in context.allows.first { $0.matchIndex == index }?.range.start })
    #expect(
      found.allSatisfy { finding in
        decided.contains { $0 <= finding.range.start && finding.range.start < $0 + 200 }
      })
  }
}
