import RulesEvaluator
import Testing

/// Deciding with ``TraceDetail/everyStatement`` evaluates each statement alone, on a fresh
/// budget, and reuses that evaluation as the decision's own when no budget runs out: the
/// decision must be the plain one, also where the statements together exceed a budget that
/// each alone stays within.
@Suite("Deciding every statement alone")
struct EveryStatementTests {
  let time = Timestamp(seconds: 1_780_000_000, nanos: 0)

  func ruleset(_ body: String) -> CompiledRuleset {
    CompiledRuleset(
      source: """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /f/{name} {
        \(body)
            }
          }
        }
        """)
  }

  /// A condition of about `count` expressions that is false.
  func costly(_ count: Int) -> String {
    "[" + Array(repeating: "1", count: count).joined(separator: ", ") + "].size() == 0"
  }

  func agree(_ ruleset: CompiledRuleset, _ firestore: FirestoreDocuments = FirestoreDocuments()) -> Decision {
    let request = RequestInput(method: .get, path: "f/a", auth: AuthContext(uid: "alice")).request(now: time)
    let plain = ruleset.decide(request, firestore: firestore, detail: .none)
    for detail in [TraceDetail.everyStatement, .everyStatementOutcomes, .everyStatementValues] {
      let decided = ruleset.decide(request, firestore: firestore, detail: detail)
      #expect(decided.allowed == plain.allowed)
      #expect(decided.reason == plain.reason)
      #expect(decided.error == plain.error)
    }
    // Without bindings, every block and statement traced as with them.
    let full = ruleset.decide(request, firestore: firestore, detail: .everyStatement)
    let lean = ruleset.decide(request, firestore: firestore, detail: .everyStatementOutcomes)
    #expect(lean.trace.map(\.block) == full.trace.map(\.block))
    #expect(lean.trace.allSatisfy { $0.bindings.isEmpty })
    #expect(full.trace.contains { !$0.bindings.isEmpty })
    #expect(lean.trace.map { $0.allows.map(\.range) } == full.trace.map { $0.allows.map(\.range) })
    #expect(lean.trace.map { $0.allows.map(\.outcome) } == full.trace.map { $0.allows.map(\.outcome) })
    return plain
  }

  @Test func expressionsSpentBeforeCountAgainstALaterStatement() {
    let decision = agree(
      ruleset(
        """
              allow get: if \(costly(600));
              allow get: if \(costly(600)) || true;
        """))
    guard case .limitExceeded = decision.reason else {
      Issue.record("expected the expression limit, got \(decision.reason)")
      return
    }
  }

  @Test func withinTheBudgetTheLaterStatementGrants() {
    let decision = agree(
      ruleset(
        """
              allow get: if \(costly(300));
              allow get: if \(costly(300)) || true;
        """))
    #expect(decision.allowed)
  }

  @Test func documentsLookedUpBeforeCountAgainstALaterStatement() {
    let decision = agree(
      ruleset(
        """
              allow get: if firestore.exists(/databases/(default)/documents/a/x)
                || firestore.exists(/databases/(default)/documents/a/y);
              allow get: if firestore.exists(/databases/(default)/documents/a/z) || true;
        """))
    guard case .limitExceeded = decision.reason else {
      Issue.record("expected the look-up limit, got \(decision.reason)")
      return
    }
  }

  @Test func aDocumentLookedUpAgainIsFree() {
    let firestore = FirestoreDocuments(["/databases/(default)/documents/a/x": ["on": .bool(true)]])
    let decision = agree(
      ruleset(
        """
              allow get: if firestore.get(/databases/(default)/documents/a/x).data.on == false
                && firestore.exists(/databases/(default)/documents/a/y);
              allow get: if firestore.get(/databases/(default)/documents/a/x).data.on == true
                && !firestore.exists(/databases/(default)/documents/a/y);
        """),
      firestore)
    #expect(decision.allowed)
  }

  @Test func aFatalErrorAloneIsTheDecisionsToo() {
    let decision = agree(
      ruleset(
        """
              allow get: if firestore.exists(/databases/other/documents/a/x);
              allow get: if true;
        """))
    guard case .limitExceeded = decision.reason else {
      Issue.record("expected the fatal error, got \(decision.reason)")
      return
    }
  }
}
