import Foundation
import RulesAudit
import RulesEvaluator
import RulesSemantics
import Testing

/// ``AccessAudit/blockDecisionCount(forMatch:)`` counts what deciding a block spends, without
/// building a request: lint settles from it which blocks fit its budget before deciding any.
@Suite("Block decision counts")
struct BlockDecisionCountTests {
  static let bodies = [
    "match /files/{fileName} { allow read, write; }",
    "allow read;",
    """
    match /users/{userId}/{allPaths=**} {
      allow read: if request.auth != null && request.auth.uid == userId;
      allow create: if request.resource.size < 5 * 1024 * 1024
        && request.resource.contentType.matches('image/.*')
        && request.resource.metadata.owner == request.auth.uid;
      allow update: if request.resource.contentType == 'application/pdf';
      allow delete: if request.auth.token.admin == true || request.auth.uid == 'ops-uid';
    }
    """,
    """
    match /a/{b}/c/{d} {
      allow get: if request.resource == null;
      allow list: if request.auth.token.email_verified;
      match /e/{f=**} { allow write: if request.resource.size <= 1024 && request.resource.size > 10; }
    }
    """,
  ]

  static let examples: [URL] = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("examples")
    let files =
      (try? FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: nil)) ?? []
    return files.filter { $0.pathExtension == "rules" }.sorted { $0.path < $1.path }
  }()

  @Test(arguments: [1, 2])
  func theCountIsWhatDecidingTheBlockSpends(version: Int) {
    for body in Self.bodies {
      expectCountsMatch(Audits.rules(body, version: version), body)
    }
  }

  @Test func theCountIsWhatDecidingTheBlockSpendsInTheExamples() throws {
    #expect(!Self.examples.isEmpty)
    for file in Self.examples {
      let ruleset = CompiledRuleset(source: try String(contentsOf: file, encoding: .utf8))
      expectCountsMatch(ruleset, file.lastPathComponent)
    }
  }

  @Test func oneDecisionShortOfTheCountLeavesTheBlockUndecided() throws {
    let audit = AccessAudit(ruleset: Audits.rules(Self.bodies[2]), options: Audits.options())
    let index = try #require(audit.ruleset.checked.matches.indices.first { audit.probe(forMatch: $0) != nil })
    let count = try #require(audit.blockDecisionCount(forMatch: index))
    var exact = count
    #expect(audit.blockAccess(forMatch: index, budget: &exact)?.isComplete == true)
    #expect(exact == 0)
    var short = count - 1
    #expect(audit.blockAccess(forMatch: index, budget: &short)?.isComplete == false)
  }

  private func expectCountsMatch(_ ruleset: CompiledRuleset, _ name: String) {
    let audit = AccessAudit(ruleset: ruleset, options: Audits.options())
    var checked = 0
    for index in ruleset.checked.matches.indices {
      let count = audit.blockDecisionCount(forMatch: index)
      var budget = 1_000_000
      let access = audit.blockAccess(forMatch: index, budget: &budget)
      #expect((count == nil) == (access == nil), "\(name), block \(index)")
      guard let count, access != nil else { continue }
      #expect(1_000_000 - budget == count, "\(name), block \(index)")
      checked += 1
    }
    #expect(checked > 0 || ruleset.checked.matches.allSatisfy { !$0.appliesToStorage }, "\(name)")
  }
}
