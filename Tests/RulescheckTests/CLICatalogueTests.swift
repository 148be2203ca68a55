import Foundation
import RulescheckTestSupport
import Testing

/// `rules`, `explain`, `lint --format sarif|github`, `--fix`, `--diff` and `.rulescheck.yml`,
/// through the built binary.
@Suite struct CLICatalogueTests {
  static let openRules = """
    service firebase.storage {
      match /b/{bucket}/o {
        match /files/{name} {
          allow read, get: if request.auth != null;
        }
      }
    }

    """

  private func expectUsageFailure(
    _ result: CommandResult, _ fragment: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    #expect(result.status == 2, sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    #expect(result.stderr.hasPrefix("rulescheck: error: "), sourceLocation: sourceLocation)
    #expect(result.stderr.filter { $0 == "\n" }.count == 1, sourceLocation: sourceLocation)
    #expect(result.stderr.contains(fragment), "\(result.stderr)", sourceLocation: sourceLocation)
  }

  @Test func rulesJSONHasTheContractShape() throws {
    let directory = try TemporaryDirectory()
    let result = try Rulescheck.run(["rules", "--format", "json"], in: directory.url)
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(Set(object.keys) == ["rules", "tool"])
    let rules = try #require(object["rules"] as? [[String: Any]])
    #expect(rules.count >= 25)
    for rule in rules {
      #expect(
        Set(rule.keys) == ["code", "name", "category", "severity", "summary", "fixable", "blocksDeploy"])
    }
    let blocking = rules.filter { $0["blocksDeploy"] as? Bool == true }.compactMap { $0["code"] as? String }
    #expect(blocking.sorted() == ["RC201", "RC202", "RC203", "RC204"])
    #expect(
      result.stdout.contains(
        #"{"code": "RC301", "name": "public-write", "category": "security", "severity": "error""#))
  }

  @Test func rulesTextListsEveryCode() throws {
    let directory = try TemporaryDirectory()
    let result = try Rulescheck.run(["rules"], in: directory.url)
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("CODE "))
    #expect(result.stdout.contains("RC300  missing-rules-version"))
  }

  @Test func explainPrintsTheDocumentationByCodeOrName() throws {
    let directory = try TemporaryDirectory()
    let byCode = try Rulescheck.run(["explain", "RC106"], in: directory.url)
    #expect(byCode.status == 0)
    #expect(byCode.stdout.hasPrefix("RC106/redundant-method  correctness, warning, fixable\n"))
    for part in ["Fails:", "Passes:", "reported: get", "after --fix:", "Limitations:"] {
      #expect(byCode.stdout.contains(part), "\(part)")
    }
    let byName = try Rulescheck.run(["explain", "redundant-method"], in: directory.url)
    #expect(byName.stdout == byCode.stdout)
    let json = try Rulescheck.run(["explain", "RC106", "--format", "json"], in: directory.url)
    #expect(json.stdout.contains(#""reported": ["get"]"#))
  }

  @Test func explainUnknownCodeExitsTwo() throws {
    let directory = try TemporaryDirectory()
    let result = try Rulescheck.run(["explain", "RC999"], in: directory.url)
    expectUsageFailure(result, "unknown rule 'RC999'")
  }

  @Test func sarifAndGitHubFormats() throws {
    let directory = try TemporaryDirectory()
    try directory.write("storage.rules", Self.openRules)
    let sarif = try Rulescheck.run(["lint", "--format", "sarif"], in: directory.url)
    #expect(sarif.status == 0)
    #expect(sarif.stdout.contains(#""version": "2.1.0""#))
    #expect(sarif.stdout.contains(#""ruleId": "RC106""#))
    let github = try Rulescheck.run(["lint", "--format", "github", "--strict"], in: directory.url)
    #expect(github.status == 1)
    #expect(
      github.stdout.contains(
        "::warning file=storage.rules,line=4,col=19,endLine=4,endColumn=21,title=RC106/redundant-method::"))
  }

  @Test func fixWritesTheFileAndASecondRunChangesNothing() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write("storage.rules", Self.openRules)
    let first = try Rulescheck.run(["lint", "--fix", "storage.rules"], in: directory.url)
    #expect(first.status == 0)
    #expect(first.stderr == "rulescheck: applied 2 fixes in 1 file\n")
    let fixed = try String(contentsOf: file, encoding: .utf8)
    #expect(fixed.hasPrefix("rules_version = '2';\nservice firebase.storage {"))
    #expect(fixed.contains("allow read: if request.auth != null;"))
    let second = try Rulescheck.run(["lint", "--fix", "storage.rules"], in: directory.url)
    #expect(second.stderr.isEmpty)
    #expect(try String(contentsOf: file, encoding: .utf8) == fixed)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
    #expect(leftovers == ["storage.rules"])
  }

  @Test func fixDiffPrintsADiffAndChangesNothing() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write("storage.rules", Self.openRules)
    let result = try Rulescheck.run(["lint", "--fix", "--diff"], in: directory.url)
    #expect(result.status == 1)
    #expect(result.stdout.hasPrefix("--- a/storage.rules\n+++ b/storage.rules\n@@ -1,"))
    #expect(result.stdout.contains("\n+rules_version = '2';\n"))
    #expect(
      result.stdout.contains(
        "\n-      allow read, get: if request.auth != null;\n+      allow read: if request.auth != null;\n"))
    #expect(try String(contentsOf: file, encoding: .utf8) == Self.openRules)
    expectUsageFailure(try Rulescheck.run(["lint", "--diff"], in: directory.url), "--diff")
  }

  @Test func configurationIsFoundUpwardAndAppliesRulesStrictAndExcludes() throws {
    let directory = try TemporaryDirectory()
    try directory.write(".rulescheck.yml", "strict: true\nrules:\n  RC300: off\nexclude:\n  - legacy/**\n")
    try directory.write("firebase/storage.rules", Self.openRules)
    try directory.write(
      "legacy/old.rules",
      "service firebase.storage { match /b/{bucket}/o { match /{p=**} { allow read, write; } } }\n")
    let result = try Rulescheck.run(
      ["lint", "firebase", "legacy/old.rules", "--format", "json"], in: directory.url)
    #expect(result.status == 1, "strict: the RC106 warning fails the run")
    #expect(result.stdout.contains(#""path": "firebase/storage.rules""#))
    #expect(!result.stdout.contains("legacy"))
    #expect(!result.stdout.contains("RC300"))
    #expect(result.stdout.contains("RC106"))
  }

  @Test func badConfigurationExitsTwoWithItsPosition() throws {
    let directory = try TemporaryDirectory()
    try directory.write("storage.rules", Self.openRules)
    try directory.write("ci.yml", "rules:\n  RC300: off\n  RC777: error\n")
    let explicit = try Rulescheck.run(["lint", "--config", "ci.yml"], in: directory.url)
    expectUsageFailure(explicit, "ci.yml:3:3: unknown rule 'RC777'")
    try directory.write(".rulescheck.yml", "stric: true\n")
    let found = try Rulescheck.run(["lint"], in: directory.url)
    expectUsageFailure(found, ".rulescheck.yml:1:1: unknown key 'stric'")
    expectUsageFailure(
      try Rulescheck.run(["lint", "--config", "missing.yml"], in: directory.url), "missing.yml")
  }
}
