import RulesEvaluator
import Testing

/// rulescheck's own budgets (``EvaluationLimits``): values a request builds are capped before
/// they are built, and every operation whose cost grows with its operands is paid for, so any
/// request ends quickly; each cap, when hit, names itself and its value.
@Suite struct EvaluationLimitsTests {
  /// Decides a `get` of `/x` against a version 2 file whose only block is `match /{x}` with
  /// `allow read: if f(argument)`, `f` having `body` (its `let`s and `return`) and parameter
  /// `s0`; returns the decision and the `allow`'s outcome.
  static func decide(_ body: String, argument: String) -> (Decision, AllowTrace.Outcome?) {
    let text = """
      rules_version = '2';
      service firebase.storage {
        match /b/{bucket}/o {
          function f(s0) {
            \(body)
          }
          match /{x} { allow read: if f(\(argument)); }
        }
      }
      """
    let ruleset = CompiledRuleset(source: text, path: "limits.rules")
    let request = Request(method: .get, bucket: "b", path: "x", time: Timestamp(seconds: 0, nanos: 0))
    let decision = ruleset.decide(request, trace: true)
    return (decision, decision.trace.first?.allows.first?.outcome)
  }

  /// `let s1 = s0 + s0; …` up to `s<depth>`, each the previous one `copies` times.
  static func chain(depth: Int, copies: Int = 2, _ join: (String) -> String = { $0 }) -> String {
    (1...depth).map { level in
      let previous = "s\(level - 1)"
      return "let s\(level) = " + Array(repeating: join(previous), count: copies).joined(separator: " + ")
        + ";"
    }.joined(separator: "\n")
  }

  static func errorMessage(_ outcome: AllowTrace.Outcome?) -> String? {
    if case .error(let message)? = outcome { return message }
    return nil
  }

  @Test("each let is evaluated once per call: a chain of 10 doublings takes 10 additions")
  func letsAreEvaluatedOnce() {
    // Evaluated once per reference, the chain would take 2^10 additions and end at the
    // 1,000-expression limit instead.
    let (decision, outcome) = Self.decide(
      Self.chain(depth: 10) + "\nreturn s10.size() == 2048;", argument: "'ab'")
    #expect(outcome == .value(true))
    #expect(decision.allowed)
  }

  @Test("F1: s(i+1) = s(i) + … + s(i) stops at the string limit, before building the string")
  func letChainHitsTheStringLimit() throws {
    let (decision, outcome) = Self.decide(
      Self.chain(depth: 10, copies: 8) + "\nreturn s10.size() > 0;", argument: "'aaaa'")
    #expect(!decision.allowed)
    // s7 would be 4 * 8^7 = 2 MiB: the sum of the first two copies already passes 1 MiB.
    let message = try #require(Self.errorMessage(outcome))
    #expect(
      message == "string of 2097152 bytes exceeds rulescheck's 1 MiB string limit (1048576 UTF-8 bytes).")
  }

  @Test("F1: s0.replace('', s0), repeated, stops at the string limit with the exact length")
  func replaceChainHitsTheStringLimit() throws {
    let body = (1...4).map { "let s\($0) = s\($0 - 1).replace('', s\($0 - 1));" }.joined(separator: "\n")
    let (decision, outcome) = Self.decide(body + "\nreturn s4.size() > 0;", argument: "'aaaaaaaa'")
    #expect(!decision.allowed)
    // 8 bytes, then 8 + 9 * 8 = 80, then 80 + 81 * 80 = 6560, then 6560 + 6561 * 6560.
    let message = try #require(Self.errorMessage(outcome))
    #expect(message.hasPrefix("string of 43046720 bytes exceeds rulescheck's 1 MiB string limit"))
  }

  @Test("F7: toSet() of 20,000 split pieces hashes, and counts them right")
  func largeToSet() {
    let text = (0..<20_000).map(String.init).joined(separator: ",")
    let (_, outcome) = Self.decide(
      "return s0.split(',').toSet().size() == 20000 && (s0 + ',0,1,2').split(',').toSet().size() == 20000;",
      argument: "'\(text)'")
    #expect(outcome == .value(true))
  }

  @Test("F7: hasAll of two lists of 20,000 hashes, and answers right")
  func largeHasAll() {
    let text = (0..<20_000).map(String.init).joined(separator: ",")
    let (_, outcome) = Self.decide(
      "let l = s0.split(',');\nreturn l.hasAll(l) && !l.hasAll(l.concat(['x']));", argument: "'\(text)'")
    #expect(outcome == .value(true))
  }

  @Test("hasAny, hasOnly, removeAll and set operations on large lists answer right")
  func largeListMembership() {
    let text = (0..<2_000).map(String.init).joined(separator: ",")
    let checks = [
      "l.hasAny(['x', '1999'])", "!l.hasAny(['x', 'y'])", "l.hasOnly(l)", "!l.concat(['x']).hasOnly(l)",
      "l.concat(['x']).removeAll(l) == ['x']", "l.toSet().hasAll(l)", "l.toSet().hasOnly(l.toSet())",
      "l.toSet().difference(l.toSet()).size() == 0", "l.toSet().union(['x'].toSet()).size() == 2001",
      "l.toSet() == l.toSet()", "l.toSet().intersection(['5', 'x'].toSet()) == ['5'].toSet()",
    ]
    let (_, outcome) = Self.decide(
      "let l = s0.split(',');\nreturn " + checks.joined(separator: " && ") + ";", argument: "'\(text)'")
    #expect(outcome == .value(true))
  }

  @Test("a request that runs out of work is denied whatever else its condition says")
  func workBudgetIsFatal() throws {
    // s10 is 1 MiB; comparing it with itself costs 2 Mi units, 17 times 32 Mi.
    let comparisons = Array(repeating: "s10 == s10", count: 17).joined(separator: " && ")
    let (decision, outcome) = Self.decide(
      Self.chain(depth: 10) + "\nreturn (\(comparisons)) || true;",
      argument: "'\(String(repeating: "a", count: 1024))'")
    #expect(!decision.allowed)
    let message = try #require(Self.errorMessage(outcome))
    #expect(
      message.hasPrefix("Unable to evaluate the expression as rulescheck's budget of 33554432 work units"))
    guard case .limitExceeded(let reason, _) = decision.reason else {
      Issue.record("expected limitExceeded, got \(decision.reason)")
      return
    }
    #expect(reason == message)
  }

  @Test("regular expressions share the request's work budget")
  func regexStepsAreCharged() throws {
    // Every position of 400 `a`s costs tens of thousands of backtracking steps.
    let (decision, outcome) = Self.decide(
      "return s0.split('a*a*[bc]').size() > 0;", argument: "'\(String(repeating: "a", count: 400))'")
    #expect(!decision.allowed)
    let message = try #require(Self.errorMessage(outcome))
    #expect(message.hasPrefix("Unable to evaluate the expression as rulescheck's budget"))
  }
}
