import RulesSemantics
import RulesSyntax
import Testing

@Suite("rules_version detection and method expansion")
struct VersionAndMethodTests {
  @Test(
    "the declared version is detected; none means 1",
    arguments: [
      ("service firebase.storage { match /b/{b}/o { allow read; } }", RulesVersion.v1),
      ("rules_version = '1'; service firebase.storage { match /b/{b}/o { allow read; } }", .v1),
      ("rules_version = '2'; service firebase.storage { match /b/{b}/o { allow read; } }", .v2),
      ("rules_version = \"2\"\nservice firebase.storage { match /b/{b}/o { allow read; } }", .v2),
      ("// licence\nrules_version='2';service firebase.storage { match /b/{b}/o { allow read; } }", .v2),
      // Firebase no longer compiles the old keyword (RS103 blocks deploy), but it still sets the version.
      ("syntax = '2'; service firebase.storage { match /b/{b}/o { allow read; } }", .v2),
    ])
  func detection(source: String, expected: RulesVersion) {
    let checked = SemanticAnalyzer.analyze(RulesParser.parse(source))
    #expect(checked.version == expected)
    #expect(!checked.hasErrors)
  }

  struct Expansion: Sendable, CustomTestStringConvertible {
    let method: AccessMethod
    let version: RulesVersion
    let expected: RequestMethods
    var testDescription: String { "\(method) under v\(version.rawValue)" }
  }

  static let expansions: [Expansion] = [
    Expansion(method: .read, version: .v2, expected: [.get, .list]),
    Expansion(method: .read, version: .v1, expected: [.get]),
    Expansion(method: .write, version: .v1, expected: [.create, .update, .delete]),
    Expansion(method: .write, version: .v2, expected: [.create, .update, .delete]),
    Expansion(method: .get, version: .v1, expected: [.get]),
    Expansion(method: .list, version: .v2, expected: [.list]),
    Expansion(method: .create, version: .v2, expected: [.create]),
    Expansion(method: .update, version: .v1, expected: [.update]),
    Expansion(method: .delete, version: .v2, expected: [.delete]),
  ]

  @Test("allow methods expand per version (decisions.md §2)", arguments: expansions)
  func expansion(_ row: Expansion) {
    #expect(row.method.requestMethods(in: row.version) == row.expected)
  }

  @Test("a source over 256 KiB is an error (RS117)")
  func sourceTooLarge() {
    let comment = "// " + String(repeating: "x", count: 100) + "\n"
    let source =
      "rules_version = '2';\nservice firebase.storage { match /b/{bucket}/o { match /a { allow read; } } }\n"
      + String(repeating: comment, count: 2_700)
    let checked = SemanticAnalyzer.analyze(RulesParser.parse(source))
    #expect(source.utf8.count > RulesLimits.maximumSourceBytes)
    #expect(checked.diagnostics.map(\.code) == ["RS117"])
  }

  @Test("a source of exactly 256 KiB is accepted")
  func sourceAtLimit() {
    let head =
      "rules_version = '2';\nservice firebase.storage { match /b/{bucket}/o { match /a { allow read; } } }\n//"
    let source = head + String(repeating: "x", count: RulesLimits.maximumSourceBytes - head.utf8.count)
    #expect(source.utf8.count == RulesLimits.maximumSourceBytes)
    #expect(SemanticAnalyzer.analyze(RulesParser.parse(source)).diagnostics.isEmpty)
  }

  @Test("full patterns concatenate enclosing matches")
  func fullPatterns() {
    let source = """
      rules_version = '2';
      service firebase.storage { match /b/{bucket}/o { match /users/{uid} { match /{rest=**} { allow read; } } } }
      """
    let checked = SemanticAnalyzer.analyze(RulesParser.parse(source))
    let patterns = checked.matches.map { $0.fullPattern.map(\.kind) }
    #expect(
      patterns.last == [
        .literal("b"), .wildcard("bucket"), .literal("o"), .literal("users"), .wildcard("uid"),
        .recursiveWildcard("rest"),
      ])
    #expect(checked.matches.map(\.depth) == [0, 1, 2])
    #expect(checked.matches.map(\.parent) == [nil, 0, 1])
  }

  @Test("every diagnostic identity has a unique code and name")
  func uniqueIdentities() {
    let all = SyntaxDiagnostics.all + SemanticDiagnostics.all
    #expect(Set(all.map(\.code)).count == all.count)
    #expect(Set(all.map(\.name)).count == all.count)
  }
}
