import RulesEvaluator
import RulesSemantics
import RulesSyntax
import Testing

@testable import RulesAudit

/// One walk per condition (``Walker/collect(_:into:reads:reading:calls:memo:shape:)``) stands for
/// three, and skips the function instances whose walk records nothing (``FunctionShape``): these
/// tests hold it to the separate walks it replaces.
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
      var shape: FunctionShape?
      walker.collect(root, into: &facts, reads: &reads, calls: &calls, memo: &memo, shape: &shape)
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
      var shape: FunctionShape?
      walker.collect(
        root, into: &facts, reads: &reads, reading: true, calls: &calls, memo: &memo, shape: &shape)
      #expect(reads == walker.reads(of: root, memo: &referenceMemo))
      documents += reads.documents.count
    }
    #expect(documents >= 3)
  }

  /// The facts that shape the probes, in order, as text.
  static func summary(_ facts: ConditionFacts) -> [String] {
    [
      facts.claims.map(\.key).joined(separator: " "), facts.uids.joined(separator: " "),
      facts.contentTypes.joined(separator: " "), facts.sizes.sorted().map(String.init).joined(separator: " "),
      facts.literalContentTypes.sorted().joined(separator: " "), facts.metadataKeys.joined(separator: " "),
    ]
  }

  /// The facts and the expressions the argument walk counted, with and without skipping the
  /// instances ``FunctionShape`` calls inert (``ConditionFacts/init(_:skipsInertInstances:)``).
  static func argumentWalk(_ checked: CheckedRuleset, skipping: Bool) -> (facts: [String], nodes: Int) {
    let facts = ConditionFacts(checked, skipsInertInstances: skipping)
    return (summary(facts), facts.argumentNodes)
  }

  @Test func skippingInertInstancesChangesNoFactAndNoCount() {
    let checked = CompiledRuleset(source: Self.source).checked
    let skipped = Self.argumentWalk(checked, skipping: true)
    let walked = Self.argumentWalk(checked, skipping: false)
    #expect(skipped.facts == walked.facts)
    #expect(skipped.nodes == walked.nodes)
    #expect(skipped.nodes > 50)
    #expect(Self.summary(ConditionFacts(checked)) == walked.facts)
    #expect(Self.summary(ConditionFacts(checked, skipsInertInstances: false)) == walked.facts)
    #expect(walked.facts[0].contains("role='r1'") && walked.facts[1].contains("u1"))
  }

  /// Inert instances past the expression budget: skipped or walked, the budget runs out at the
  /// same instance, and the claim compared after it is found by neither.
  @Test func skippingInertInstancesSpendsTheBudgetAlike() {
    let terms = (0..<60).map { _ in "request.resource.size < 1" }.joined(separator: " && ")
    let allows = (0..<900).map { "allow read: if big(x, \($0));" }.joined(separator: "\n")
    let source = """
      rules_version = '2';
      service firebase.storage {
        match /b/{bucket}/o {
          function big(a, b) { return a == request.auth.uid && \(terms); }
          function role(r) { return request.auth.token.role == r; }
          match /a/{x} {
            \(allows)
            allow write: if role('admin');
          }
        }
      }
      """
    let checked = CompiledRuleset(source: source).checked
    let skipped = Self.argumentWalk(checked, skipping: true)
    let walked = Self.argumentWalk(checked, skipping: false)
    #expect(skipped.facts == walked.facts)
    #expect(skipped.nodes > ArgumentWalk.maximumNodes && walked.nodes > ArgumentWalk.maximumNodes)
    #expect(!walked.facts[0].contains("admin"))
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
