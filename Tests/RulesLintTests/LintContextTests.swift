import Foundation
import RulesLint
import RulesSemantics
import RulesSyntax
import Testing

@Suite struct LintContextTests {
  private func context(_ body: String) -> LintContext {
    let text = "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n\(body)\n  }\n}\n"
    return LintContext(
      ruleset: SemanticAnalyzer.analyze(SourceFile(path: "a.rules", text: text)), now: Date())
  }

  private func condition(_ context: LintContext, _ index: Int = 0) throws -> RulesSyntax.Expression {
    try #require(context.allows[index].condition)
  }

  @Test(arguments: [
    ("true", true), ("false || 1 == 1", true), ("request.auth != null || true", true),
    ("request.auth != null && false", false), ("'a' + 'b' == 'ab'", true), ("1 == 1.0", true),
    ("!(2 > 1)", false), ("1 < 2 ? true : false", true), ("yes()", true),
    ("no() && request.auth != null", false),
  ])
  func conditionsFoldToConstants(_ text: String, _ expected: Bool) throws {
    let context = context(
      """
      function yes() { return no() || true; }
      function no() { return false; }
      match /f/{x} { allow read: if \(text); }
      """)
    #expect(context.constantBool(try condition(context)) == expected)
  }

  @Test(arguments: ["request.auth != null", "x == 'a'", "request.time < timestamp.date(2020, 1, 1)"])
  func requestDependentConditionsAreNotConstant(_ text: String) throws {
    let context = context("match /f/{x} { allow read: if \(text); }")
    #expect(context.constantBool(try condition(context)) == nil)
  }

  @Test func accessPathsFollowFunctionArguments() throws {
    let context = context(
      """
      match /users/{userId}/{name} {
        function owns(user, meta) { return request.auth.uid == user && meta['owner'] == user; }
        allow write: if owns(userId, resource.metadata);
      }
      """)
    let paths = Set(context.outermostAccesses(in: try condition(context)).map(\.path.description))
    #expect(
      paths.isSuperset(of: ["request.auth.uid", "userId", "resource.metadata.owner", "resource.metadata"]))
  }

  @Test(arguments: [2, 40])
  func allowFactsKeepTheOutermostReadsOfFewAndOfMany(_ count: Int) throws {
    let reads = (0..<count).map { "request.resource.metadata['k\($0)'] == resource.metadata.k\($0)" }
    let context = context("match /f/{x} { allow write: if \(reads.joined(separator: " && ")); }")
    let facts = context.facts(for: context.allows[0]).outermostAccesses.map(\.path.description)
    let walked = context.outermostAccesses(in: try condition(context)).map(\.path.description)
    #expect(facts == walked)
    #expect(facts.count == 2 * count)
    #expect(facts.last == "resource.metadata.k\(count - 1)")
  }

  @Test func letsReadParametersAndEarlierLets() throws {
    let context = context(
      """
      match /f/{x} {
        function owner(meta) { let m = meta; let o = m['owner']; return o == request.auth.uid; }
        allow write: if owner(resource.metadata);
      }
      """)
    let paths = context.outermostAccesses(in: try condition(context)).map(\.path.description)
    #expect(paths.contains("resource.metadata.owner"))
    #expect(paths.contains("request.auth.uid"))
  }

  @Test func allowsKnowTheirExpandedMethodsAndPatterns() {
    let context = context("match /a/{b} { allow read, create: if true; }")
    let allow = context.allows[0]
    #expect(allow.methods == [.get, .list, .create])
    #expect(context.patternText(allow.fullPattern) == "/b/{bucket}/o/a/{b}")
    #expect(allow.lastWildcard?.variableName == "b")
    #expect(context.objectPathStart(allow.fullPattern) == 3)
  }

  /// The facts computed up front agree with asking about each part on its own: a comparison's
  /// side reads what walking the side alone reads, and the allow's facts are the condition's.
  @Test func precomputedFactsAgreeWithWalkingEachPart() throws {
    let context = context(
      """
      function owns(user, meta) { return request.auth.uid == user && meta['owner'] == user; }
      function signedIn() { return request.auth != null; }
      function pair(a) { return owns(a, resource.metadata) || owns(a, request.resource.metadata); }
      match /users/{userId}/{name} {
        allow write: if pair(userId) && request.auth.uid in [userId, resource.metadata.owner];
        allow read: if owns(userId, resource.metadata) == (pair(userId) == owns(userId, resource.metadata));
        allow delete: if request.resource.size < 10 && name.size() > 2 && name.matches('a.*');
        allow update: if signedIn() && signedIn() == (request.auth.token.admin == true);
      }
      """)
    var compared = 0
    for allow in context.allows {
      let facts = context.facts(for: allow)
      let condition = try #require(allow.condition)
      #expect(facts.accessPaths.map(\.path) == context.accessPaths(in: condition).map(\.path))
      #expect(facts.comparisons.count == context.comparisons(in: condition).count)
      for comparison in facts.comparisons {
        for right in [false, true] {
          let side = right ? comparison.right : comparison.left
          let alone = context.accessPaths(in: side, comparison.bindings).map(\.path)
          #expect(context.reads(of: comparison, right: right, in: facts.accessPaths) == alone)
          #expect(
            (right ? comparison.rightPath : comparison.leftPath)
              == context.accessPath(side, comparison.bindings))
          compared += 1
        }
      }
    }
    #expect(compared >= 30)
    // The calls written in a condition, in source order, not those inside the functions.
    #expect(
      context.facts(for: context.allows[1]).userCalls.map { context.text($0.range) } == [
        "owns(userId, resource.metadata)", "pair(userId)", "owns(userId, resource.metadata)",
      ])
    #expect(context.regexCalls.map(\.method) == ["matches"])
  }

  /// Children pushed in place come out of a stack in ``Expression/children`` order.
  @Test func childrenPushedInPlacePopInSourceOrder() throws {
    let context = context(
      """
      match /a/{b} {
        allow read: if {'k': b, 'l': [1, 2][0]}.k == b[0:1] && (b is string ? f(b, 1) : b.x.y) && /p/$(b)/q != null;
      }
      """)
    var pending = [try condition(context)]
    while let node = pending.popLast() {
      var pushed: [RulesSyntax.Expression] = []
      node.forEachChildReversed { pushed.append($0) }
      #expect(pushed.reversed().map(\.range) == node.children.map(\.range))
      pending += node.children
    }
  }

  /// The text of a range without whitespace is what removing every whitespace character from
  /// it gives, whether it is ASCII (read byte by byte) or not.
  @Test(arguments: [
    "a == b", "request.auth\t!=\nnull", "f( x ,\r\n y )\u{0B}\u{0C}", "'é' == 'e\u{301}'",
    "x == 'a\u{00A0}b'", "'日本' in\u{2003}['語']", "", "   ",
  ])
  func textWithoutWhitespaceDropsEveryWhitespaceCharacter(_ written: String) throws {
    let source = SourceFile(path: "t.rules", text: written)
    let text = LintContext(ruleset: SemanticAnalyzer.analyze(source), now: Date())
      .textWithoutWhitespace(SourceRange(start: 0, end: source.bytes.count))
    #expect(text == written.filter { !$0.isWhitespace })
  }
}
