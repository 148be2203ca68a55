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

  @Test func allowsKnowTheirExpandedMethodsAndPatterns() {
    let context = context("match /a/{b} { allow read, create: if true; }")
    let allow = context.allows[0]
    #expect(allow.methods == [.get, .list, .create])
    #expect(context.patternText(allow.fullPattern) == "/b/{bucket}/o/a/{b}")
    #expect(allow.lastWildcard?.variableName == "b")
    #expect(context.objectPathStart(allow.fullPattern) == 3)
  }
}
