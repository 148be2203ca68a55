import RulesAudit
import RulesEvaluator
import RulesSemantics
import Testing

@Suite("Audit diff")
struct DiffTests {
  @Test func publicListWidens() throws {
    let old = Audits.rules("match /public/{f} { allow get; }")
    let new = Audits.rules("match /public/{f} { allow get, list; }")
    let diff = AccessDiff(old: old, new: new, options: Audits.options())
    #expect(diff.widens)
    let change = try #require(diff.changes.first)
    #expect(diff.changes.count == 1)
    #expect(change.direction == .widened)
    #expect(change.methods == [.list])
    #expect(change.identities.contains(.anonymous))
    #expect(change.pattern == "public/{f}")
  }

  @Test func ownerCheckAddedNarrowsOnly() {
    let old = Audits.rules("match /u/{uid}/{f} { allow write: if request.auth != null; }")
    let new = Audits.rules("match /u/{uid}/{f} { allow write: if request.auth.uid == uid; }")
    let diff = AccessDiff(old: old, new: new, options: Audits.options())
    #expect(!diff.widens)
    #expect(!diff.changes.isEmpty)
    #expect(diff.changes.allSatisfy { $0.direction == .narrowed && $0.identities == [.stranger] })
  }

  @Test func sameRulesChangeNothing() {
    let rules = Audits.rules("match /u/{uid}/{f} { allow read: if request.auth.uid == uid; }")
    #expect(AccessDiff(old: rules, new: rules, options: Audits.options()).changes.isEmpty)
  }

  @Test func aPatternOnlyTheNewFileHasIsProbedOnBoth() throws {
    let old = Audits.rules("match /a/{f} { allow read; }")
    let new = Audits.rules(
      "match /a/{f} { allow read; } match /b/{uid}/{f} { allow write: if request.auth != null; }")
    let diff = AccessDiff(old: old, new: new, options: Audits.options())
    #expect(diff.widens)
    #expect(diff.changes.allSatisfy { $0.pattern == "b/{uid}/{f}" })
  }

  @Test func aRaisedSizeLimitWidensAPartialCell() throws {
    let old = Audits.rules(
      "match /u/{uid}/{f} { allow create: if request.auth.uid == uid && request.resource.size < 5 * 1024 * 1024; }"
    )
    let new = Audits.rules(
      "match /u/{uid}/{f} { allow create: if request.auth.uid == uid && request.resource.size < 50 * 1024 * 1024; }"
    )
    let diff = AccessDiff(old: old, new: new, options: Audits.options())
    #expect(diff.widens)
    let change = try #require(diff.changes.first)
    #expect(diff.changes.count == 1)
    #expect(change.partial && change.direction == .widened && change.methods == [.create])
    #expect(change.identities == [.owner])
    #expect(change.qualifiers.contains(.sizeAtMost(50 * 1024 * 1024 - 1)))
    // The reverse change narrows the same cell, and nothing widens.
    let back = AccessDiff(old: new, new: old, options: Audits.options())
    #expect(!back.widens)
    #expect(back.changes.map(\.direction) == [.narrowed] && back.changes.allSatisfy(\.partial))
  }

  @Test func anotherContentTypeWidensAndNarrows() {
    let old = Audits.rules(
      "match /p/{f} { allow create: if request.resource.contentType.matches('image/.*'); }")
    let new = Audits.rules(
      "match /p/{f} { allow create: if request.resource.contentType.matches('video/.*'); }")
    let diff = AccessDiff(old: old, new: new, options: Audits.options())
    #expect(diff.widens)
    #expect(Set(diff.changes.map(\.direction)) == [.widened, .narrowed])
    #expect(diff.changes.allSatisfy { $0.partial && $0.methods == [.create] })
  }
}
