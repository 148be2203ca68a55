import RulesEvaluator
import RulesSemantics
import RulesSyntax
import Testing

@testable import RulesAudit

/// One walk per condition (``Walker/collect(_:into:reads:reading:calls:memo:)``) stands for
/// three: these tests hold it to the separate walks it replaces.
@Suite("One walk per condition")
struct ConditionWalkTests {
  static let source = """
    rules_version = '2';
    service firebase.storage {
      match /b/{bucket}/o {
        function f(a, b) { return request.auth.token.role == a && g(b, 'x'); }
        function g(c, d) { let t = request.auth.token; return t.plan in c || h(d); }
        function h(e) {
          return e == request.auth.uid
            && firestore.get(/databases/(default)/documents/teams/$(e)).data.open;
        }
        match /a/{x} {
          allow read: if f('r1', ['gold']) && g(f('r2', x), h('u1')) || [h('u2'), f(1, 2)].size() > 0;
          allow write: if request.time < timestamp.date(2030, 1, 1) && h(x) && g({'k': h('u3')}, 'y')
            && (x == 'a' ? f('r3', 'c') : f(x, g(['p'], h('u4'))));
          allow delete: if resource.metadata.owner == request.auth.uid && f(true, 3.5)
            && exists(/databases/(default)/documents/users/$(request.auth.uid));
        }
      }
    }
    """

  /// The calls the argument walk acted on, walking `root` on its own: each node popped from a
  /// stack its children were appended to in source order.
  func argumentWalkOrder(_ root: Expression, _ checked: CheckedRuleset) -> [Int] {
    var found: [Int] = []
    var pending = [root]
    while let expression = pending.popLast() {
      if case .call(let callee, let arguments) = expression.kind, case .identifier = callee.kind,
        checked.resolution.calls[callee.range.start] != nil,
        arguments.contains(where: ArgumentWalk.isConstant)
      {
        found.append(callee.range.start)
      }
      expression.forEachChild { pending.append($0) }
    }
    return found
  }

  func roots(_ checked: CheckedRuleset) -> [(root: Expression, isAllow: Bool)] {
    var roots: [(Expression, Bool)] = []
    for function in checked.functions {
      for statement in function.declaration.body { roots.append((ArgumentWalk.value(of: statement), false)) }
    }
    for match in checked.matches {
      for statement in match.block.body {
        if case .allow(let allow) = statement.kind, let condition = allow.condition {
          roots.append((condition, true))
        }
      }
    }
    return roots
  }

  @Test func callsComeInTheArgumentWalksOrder() {
    let checked = CompiledRuleset(source: Self.source).checked
    let walker = Walker(checked: checked)
    var facts = ConditionFacts(checked)
    var memo = FunctionReads()
    for (root, _) in roots(checked) {
      var calls: [ArgumentWalk.Call] = []
      var reads = AllowReads()
      walker.collect(root, into: &facts, reads: &reads, calls: &calls, memo: &memo)
      let expected = argumentWalkOrder(root, checked)
      #expect(calls.map(\.function).count == expected.count)
      #expect(calls.map { Self.calleeStart(of: $0, in: root) } == expected)
    }
    let all = roots(checked).flatMap { argumentWalkOrder($0.root, checked) }
    #expect(all.count >= 12, "the rules make many calls with constants")
  }

  @Test func readsAreThoseOfTheSeparateWalk() {
    let checked = CompiledRuleset(source: Self.source).checked
    let walker = Walker(checked: checked)
    var facts = ConditionFacts(checked)
    var memo = FunctionReads()
    var referenceMemo = FunctionReads()
    var documents = 0
    for (root, isAllow) in roots(checked) where isAllow {
      var calls: [ArgumentWalk.Call] = []
      var reads = AllowReads()
      walker.collect(root, into: &facts, reads: &reads, reading: true, calls: &calls, memo: &memo)
      #expect(reads == walker.reads(of: root, memo: &referenceMemo))
      documents += reads.documents.count
    }
    #expect(documents >= 3)
  }

  /// The start of the callee of the call among `root`'s sub-expressions whose function and
  /// arguments are `call`'s (arguments compared by range).
  static func calleeStart(of call: ArgumentWalk.Call, in root: Expression) -> Int {
    var found = -1
    var pending = [root]
    while let expression = pending.popLast() {
      if case .call(let callee, let arguments) = expression.kind,
        arguments.map(\.range) == call.arguments.map(\.range), !arguments.isEmpty
      {
        found = callee.range.start
      }
      expression.forEachChild { pending.append($0) }
    }
    return found
  }
}
