import RulesEvaluator
import RulesSyntax
import Testing

@Suite("Coverage from the evaluator")
struct CoverageTests {
  let ruleset = CompiledRuleset(source: Fixtures.rules, path: "storage.rules")
  let time = Timestamp(seconds: 0, nanos: 0)

  func text(_ range: SourceRange) -> String { ruleset.checked.source.text(range) }

  /// Every operand of `&&`, `||` and `!`, the condition and (in a condition) the branches of
  /// `?:`, each statement's whole condition, in functions too.
  @Test func listsTheConditionsWithTheirRoles() {
    let layout = ruleset.coverageLayout
    #expect(layout.statements.count == 4)
    let conditions = layout.conditions.map { "\(text($0.range)) [\($0.role.rawValue)]" }
    #expect(
      conditions == [
        "signedIn() && request.auth.uid == uid [condition]",
        "signedIn() [and-operand]",
        "request.auth.uid == uid [and-operand]",
        "signedIn() && request.auth.uid == uid\n        && (request.resource.size < 1024 ? true : request.auth.token.big == true) [condition]",
        "signedIn() && request.auth.uid == uid [and-operand]",
        "signedIn() [and-operand]",
        "request.auth.uid == uid [and-operand]",
        "(request.resource.size < 1024 ? true : request.auth.token.big == true) [and-operand]",
        "request.resource.size < 1024 [ternary-condition]",
        "true [ternary-branch]",
        "request.auth.token.big == true [ternary-branch]",
        "false [condition]",
        "!(resource.contentType == 'text/locked') [condition]",
        "(resource.contentType == 'text/locked') [not-operand]",
      ])
    let functionConditions = layout.conditions.filter { if case .function = $0.owner { true } else { false } }
    #expect(functionConditions.isEmpty)
    #expect(layout.functionNames == ["signedIn"])
  }

  @Test func countsOutcomesAndGrants() {
    var coverage = RulesCoverage(ruleset)
    let requests = [
      RequestInput(
        method: .create, path: "files/alice/a", auth: AuthContext(uid: "alice"),
        requestResource: ["size": .int(10)]),
      RequestInput(
        method: .create, path: "files/alice/a", auth: AuthContext(uid: "alice"),
        requestResource: ["size": .int(5000)]),
      RequestInput(method: .create, path: "files/alice/a", auth: AuthContext(uid: "bob")),
    ]
    for input in requests {
      let request = input.request(now: time)
      let plain = ruleset.decide(request, firestore: FirestoreDocuments(), detail: .none)
      let measured = ruleset.decide(request, coverage: &coverage)
      #expect(plain.allowed == measured.allowed)
    }
    let create = 1
    #expect(coverage.evaluations[create] == 3)
    #expect(coverage.grants[create] == 1)
    #expect(coverage.evaluations[0] == 0)
    let byText = Dictionary(
      zip(ruleset.coverageLayout.conditions, coverage.outcomes).map { (text($0.range), $1) },
      uniquingKeysWith: { a, _ in a })
    #expect(byText["request.resource.size < 1024"] == .init(trueCount: 1, falseCount: 1))
    #expect(byText["true"] == .init(trueCount: 1))
    #expect(byText["request.auth.token.big == true"] == .init(errorCount: 1))
    #expect(
      byText["(request.resource.size < 1024 ? true : request.auth.token.big == true)"]
        == .init(trueCount: 1, errorCount: 1))
    #expect(byText["false"] == .init())
  }

  @Test func mergesCoverageOfTheSameRuleset() {
    var first = RulesCoverage(ruleset)
    var second = RulesCoverage(ruleset)
    let request = RequestInput(method: .get, path: "files/alice/a", auth: AuthContext(uid: "alice")).request(
      now: time)
    _ = ruleset.decide(request, coverage: &first)
    _ = ruleset.decide(request, coverage: &second)
    first.merge(second)
    #expect(first.grants[0] == 2)
    #expect(first.outcomes[0] == .init(trueCount: 2))
  }

  /// Conditions in functions are counted once, at their source, whoever called them.
  @Test func countsConditionsInFunctions() {
    let ruleset = CompiledRuleset(
      source: """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            function owner(uid) { return request.auth != null && request.auth.uid == uid; }
            match /a/{uid} { allow get: if owner(uid); }
            match /b/{uid} { allow get: if owner(uid) || false; }
          }
        }
        """)
    var coverage = RulesCoverage(ruleset)
    for path in ["a/alice", "b/alice", "b/bob"] {
      let request = RequestInput(method: .get, path: path, auth: AuthContext(uid: "alice")).request(now: time)
      _ = ruleset.decide(request, coverage: &coverage)
    }
    let source = ruleset.checked.source
    let inFunction = zip(ruleset.coverageLayout.conditions, coverage.outcomes).filter {
      if case .function(0) = $0.0.owner { true } else { false }
    }
    #expect(
      inFunction.map { source.text($0.0.range) } == ["request.auth != null", "request.auth.uid == uid"])
    #expect(inFunction.map(\.1) == [.init(trueCount: 3), .init(trueCount: 2, falseCount: 1)])
  }
}
