import RulesEvaluator
import RulesSemantics
import RulesSyntax
import Testing

import class Foundation.FileManager
import struct Foundation.URL

@testable import RulesAudit

/// ``ConditionFacts/init(_:skipsInertInstances:)`` walks each tree with one switch per node:
/// these tests hold it to a plain walk (each node inspected and read on its own, children by
/// ``Expression/forEachChild(_:)``), on the repository's rules and on made-up conditions.
@Suite("Facts of one switch per node")
struct FactWalkTests {
  static let source = """
    rules_version = '2';
    service firebase.storage {
      match /b/{bucket}/o {
        function t() { let tok = request.auth.token; let meta = request.resource.metadata; return tok; }
        function m(kind, who) {
          let ct = request.resource.contentType;
          let tok = request.auth.token;
          return ct.matches('image/.*') && ct in ['video/mp4', 'text/plain'] && tok.tier == kind
            && tok['plan'] in ['gold', 'silver'] && !tok.banned && request.auth.uid == who
            && resource.metadata['owner'] == who && request.resource.metadata.tag.size() < 3
            && firestore.get(/databases/$(database)/documents/teams/$(tok.team)/{doc}).data.ok
            && firestore['exists'](/databases/(default)/documents/$(who)) && firestore.get(kind).x
            && exists(/other/$(request.auth.token['team'])/$(who + 'x')/p);
        }
        match /a/{name}/{rest=**} {
          allow read: if name.matches('[a-z]+\\\\.png') && m('pro', 'u-1') && m(['x'], 'u-2')
            && request.time < timestamp.date(2030, 1, 1) && 'application/json' != resource.contentType
            && request.resource.size < 5 * 1024 * 1024 && (t().admin || !t().staff)
            && [1, {'k': request.auth.token.k == 'v'}, request.resource.metadata.x][0] is int
            && (request.auth != null ? resource.size >= 10 : request.path[1:2] == 'p')
            && request.auth.token.email_verified == true && 'audio/ogg' == request.resource.contentType;
          allow write: if m(7, request.auth.uid) && 'font/wo?ff' != 'x' && 'image/\u{301}/x' == 'y'
            && request.resource.contentType.matches('video/(mp4|webm)')
            && rest.matches('.*\\\\.jpg') && request.auth.token.roles[0] == 'r';
        }
      }
    }
    """

  /// The repository's rules files: the examples and the test fixtures.
  static let files: [URL] = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    var found: [URL] = []
    for folder in ["examples", "Tests"] {
      let enumerator = FileManager.default.enumerator(
        at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
      while let file = enumerator?.nextObject() as? URL {
        if file.pathExtension == "rules" { found.append(file) }
      }
    }
    return found.sorted { $0.path < $1.path }
  }()

  static func sources() throws -> [String] {
    try [source, ConditionWalkTests.source] + files.map { try String(contentsOf: $0, encoding: .utf8) }
  }

  /// `expression` and its sub-expressions in pre-order.
  static func preOrder(_ expression: Expression, _ body: (Expression) -> Void) {
    body(expression)
    expression.forEachChild { preOrder($0, body) }
  }

  /// What ``Walker`` collects of `expression` itself, dispatched by its kind.
  static func inspect(_ walker: Walker, _ expression: Expression, _ facts: inout ConditionFacts) {
    switch expression.kind {
    case .member, .index: walker.inspect(chain: expression, into: &facts)
    case .string(let text): walker.inspect(string: text, into: &facts)
    case .binary(let op, let left, let right): walker.inspect(binary: op, left, right, into: &facts)
    case .unary(.logicalNot, let operand): walker.claimUsedAsBool(operand, into: &facts)
    case .call(let callee, let arguments): walker.inspect(call: callee, arguments, into: &facts)
    default: break
    }
  }

  /// The calls with a constant argument in `root`, in the argument walk's order.
  static func calls(_ root: Expression, _ checked: CheckedRuleset) -> [ArgumentWalk.Call] {
    var found: [ArgumentWalk.Call] = []
    var pending = [root]
    while let expression = pending.popLast() {
      if case .call(let callee, let arguments) = expression.kind, case .identifier = callee.kind,
        arguments.contains(where: ArgumentWalk.isConstant),
        let function = checked.resolution.calls[callee.range.start]
      {
        found.append(ArgumentWalk.Call(function: function, arguments: arguments))
      }
      expression.forEachChild { pending.append($0) }
    }
    return found
  }

  /// The facts of `checked` by the plain walks; with the argument walk's expression count.
  static func reference(_ checked: CheckedRuleset) -> (facts: ConditionFacts, nodes: Int) {
    let walker = Walker(checked: checked)
    var facts = ConditionFacts()
    var calls: [ArgumentWalk.Call] = []
    var shapes: [FunctionShape] = []
    for (index, function) in checked.functions.enumerated() {
      var shape = FunctionShape(function: index)
      for statement in function.declaration.body {
        let root = ArgumentWalk.value(of: statement)
        preOrder(root) {
          inspect(walker, $0, &facts)
          shape.add($0, checked)
        }
        calls += Self.calls(root, checked)
      }
      shapes.append(shape)
    }
    var memo = FunctionReads()
    for match in checked.matches where match.appliesToStorage {
      for statement in match.block.body {
        guard case .allow(let allow) = statement.kind, let condition = allow.condition else { continue }
        preOrder(condition) { inspect(walker, $0, &facts) }
        calls += Self.calls(condition, checked)
        facts.reads[statement.range.start] = walker.reads(of: condition, memo: &memo)
      }
    }
    var arguments = ArgumentWalk(walker: walker, shapes: shapes)
    for call in calls { arguments.walk(call, into: &facts) }
    return (facts, arguments.nodes)
  }

  @Test func theFactsAreThoseOfThePlainWalk() throws {
    var documents = 0
    for text in try Self.sources() {
      let checked = CompiledRuleset(source: text).checked
      let facts = ConditionFacts(checked)
      let (expected, nodes) = Self.reference(checked)
      #expect(facts.sizes == expected.sizes)
      #expect(facts.contentTypes == expected.contentTypes)
      #expect(facts.contentTypeFamilies == expected.contentTypeFamilies)
      #expect(facts.literalContentTypes == expected.literalContentTypes)
      #expect(facts.claims == expected.claims)
      #expect(facts.uids == expected.uids)
      #expect(facts.metadataKeys == expected.metadataKeys)
      #expect(facts.wildcardExamples == expected.wildcardExamples)
      #expect(facts.reads == expected.reads)
      #expect(facts.argumentNodes == nodes)
      documents += facts.reads.values.reduce(0) { $0 + $1.documents.count }
    }
    #expect(Self.files.count >= 10)
    #expect(documents >= 10)
  }

  @Test func theMadeUpRulesHaveFactsOfEveryKind() {
    let facts = ConditionFacts(CompiledRuleset(source: Self.source).checked)
    #expect(!facts.sizes.isEmpty && !facts.contentTypes.isEmpty && !facts.contentTypeFamilies.isEmpty)
    #expect(!facts.literalContentTypes.isEmpty && !facts.claims.isEmpty && !facts.uids.isEmpty)
    #expect(facts.metadataKeys.count >= 2 && facts.wildcardExamples.count == 2)
    #expect(facts.reads.values.contains { $0.time && $0.resource && $0.requestResource })
  }

  /// The document text as joining each segment's text with `/` gives it.
  static func joinedDocument(_ argument: Expression, source: SourceFile) -> String {
    guard case .path(let literal) = argument.kind else {
      return DocumentText.render(argument, source: source)
    }
    var segments: [String] = []
    for segment in literal.segments {
      switch segment.kind {
      case .text(let text): segments.append(text)
      case .binding(let name): segments.append("{\(name)}")
      case .interpolation(let inner):
        segments.append("{\(ExpressionReading.chain(inner)?.last ?? source.text(inner.range))}")
      }
    }
    if segments.count > 3, segments[0] == "databases", segments[2] == "documents" {
      segments.removeFirst(3)
    }
    return segments.joined(separator: "/")
  }

  @Test func documentTextIsTheJoinedSegments() throws {
    var paths = 0
    for text in try Self.sources() {
      let ruleset = CompiledRuleset(source: text)
      let checked = ruleset.checked
      var roots = checked.functions.flatMap { $0.declaration.body.map(ArgumentWalk.value(of:)) }
      for match in checked.matches {
        for statement in match.block.body {
          if case .allow(let allow) = statement.kind, let condition = allow.condition {
            roots.append(condition)
          }
        }
      }
      for root in roots {
        Self.preOrder(root) { expression in
          guard case .path = expression.kind else { return }
          paths += 1
          let rendered = DocumentText.render(expression, source: checked.source)
          #expect(rendered.utf8.elementsEqual(Self.joinedDocument(expression, source: checked.source).utf8))
        }
      }
    }
    #expect(paths >= 5)
  }
}
