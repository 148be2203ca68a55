import RulesEvaluator
import RulesSemantics
import RulesSyntax
import Testing

/// The slots of user function calls live on one stack (``Frame``); a call reads its arguments
/// and `let`s alike wherever its frame starts, also while other frames sit below and above it.
@Suite struct FrameSlotTests {
  /// `wide` holds five slots, so the calls it makes start higher on the stack; each statement
  /// compares a call made from the top with the same call made from deeper frames.
  static let ruleset = CompiledRuleset(
    source: """
      rules_version = '2';
      service firebase.storage {
        match /b/{bucket}/o {
          function add(a, b) {
            let sum = a + b;
            return sum;
          }
          function wide(p, q, r, s) {
            let left = add(p, q);
            return add(left, add(r, s));
          }
          function lastTwice(a, b, c, d, e) {
            return e + e;
          }
          function nested(a, b, c, d, e, f) {
            let inner = lastTwice(a, b, c, d, wide(e, f, a, b));
            return inner + add(f, e);
          }
          match /inline/{n} {
            allow get: if add(1, 2) == 3 && add(int(n), 1) == 8;
          }
          match /spilled/{n} {
            allow get: if wide(1, 2, 3, 4) == 10 && wide(wide(1, 1, 1, 1), 2, 3, add(4, 5)) == 18
              && lastTwice(0, 0, 0, 0, int(n)) == 14;
          }
          match /deep/{n} {
            allow get: if nested(1, 2, 3, 4, 5, int(n)) == 2 * (5 + 7 + 1 + 2) + 12;
          }
          match /wrong/{n} {
            allow get: if wide(1, 2, 3, 4) == 11;
          }
        }
      }
      """)

  @Test(
    "arguments and lets read the same values at the bottom of the stack and higher up",
    arguments: [("inline/7", true), ("spilled/7", true), ("deep/7", true), ("wrong/7", false)])
  func slots(_ path: String, _ allowed: Bool) {
    let request = Request(method: .get, bucket: "bk", path: path, time: Timestamp(seconds: 0, nanos: 0))
    let fast = Self.ruleset.decide(request)
    let traced = Self.ruleset.decide(request, trace: true)
    #expect(fast.allowed == allowed)
    #expect(traced.allowed == allowed)
    #expect(fast.reason == traced.reason)
  }

  @Test("an expression reads each of many bindings from its own slot")
  func manyBindings() {
    let bindings: [String: Value] = [
      "a": .int(1), "b": .int(2), "c": .int(3), "d": .int(4), "e": .int(5), "f": .int(6),
    ]
    let value = CompiledRuleset.evaluate("a + b * 10 + f * 100 + e * 1000", bindings: bindings)
    guard case .int(let sum) = value else {
      Issue.record("expected an int, got \(value)")
      return
    }
    #expect(sum == 5621)
  }
}
