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
        Set(rule.keys) == [
          "code", "name", "category", "severity", "summary", "fixable", "fix", "enabled", "blocksDeploy",
        ])
    }
    let fixes = Dictionary(
      uniqueKeysWithValues: rules.compactMap { rule in
        (rule["code"] as? String).map { ($0, rule["fix"] as? String ?? "?") }
      })
    #expect(fixes["RC300"] == "unsafe" && fixes["RC106"] == "safe" && fixes["RC301"] == "none")
    let off = rules.filter { $0["enabled"] as? Bool == false }.compactMap { $0["code"] as? String }
    #expect(off == ["RC108"], "the rules off by default")
    let blocking = rules.filter { $0["blocksDeploy"] as? Bool == true }.compactMap { $0["code"] as? String }
    #expect(blocking.sorted() == ["RC201", "RC202", "RC203", "RC204"])
    #expect(
      result.stdout.contains(
        #"{"code": "RC301", "name": "public-write", "category": "security", "severity": "error""#))
  }

  @Test func rulesTextListsEveryCodeAndWhichAreOff() throws {
    let directory = try TemporaryDirectory()
    let result = try Rulescheck.run(["rules"], in: directory.url)
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("CODE "))
    #expect(result.stdout.contains("RC300  missing-rules-version"))
    let lines = result.stdout.split(separator: "\n")
    let header = try #require(lines.first)
    let column = try #require(header.range(of: "DEFAULT")).lowerBound
    let offset = header.distance(from: header.startIndex, to: column)
    let defaults = Dictionary(
      uniqueKeysWithValues: lines.dropFirst().map { line in
        (
          String(line.prefix(5)),
          String(line.dropFirst(offset).prefix(3)).trimmingCharacters(in: .whitespaces)
        )
      })
    #expect(defaults["RC108"] == "off")
    #expect(defaults["RC301"] == "on")
    #expect(defaults.values.filter { $0 == "off" }.count == 1)
  }

  @Test func explainPrintsTheDocumentationByCodeOrName() throws {
    let directory = try TemporaryDirectory()
    let byCode = try Rulescheck.run(["explain", "RC106"], in: directory.url)
    #expect(byCode.status == 0)
    #expect(byCode.stdout.hasPrefix("RC106/redundant-method  correctness, warning, safe fix\n"))
    for part in [
      "Fails:", "Passes:", "reported: get", "after --fix:", "Limitations:", "Fix: Safe, applied by `--fix`: ",
    ] {
      #expect(byCode.stdout.contains(part), "\(part)")
    }
    let byName = try Rulescheck.run(["explain", "redundant-method"], in: directory.url)
    #expect(byName.stdout == byCode.stdout)
    let json = try Rulescheck.run(["explain", "RC106", "--format", "json"], in: directory.url)
    #expect(json.stdout.contains(#""reported": ["get"]"#))
    #expect(json.stdout.contains(#""fix": "safe","#))
    #expect(json.stdout.contains(#""fixReason": "the removed method grants nothing"#))
    let unsafe = try Rulescheck.run(["explain", "RC300"], in: directory.url)
    #expect(unsafe.stdout.hasPrefix("RC300/missing-rules-version  security, warning, unsafe fix\n"))
    #expect(
      unsafe.stdout.contains(
        "Fix: Unsafe, applied only by `--fix --unsafe-fixes`: version 2 changes decisions"))
  }

  @Test func explainUnknownCodeExitsTwoWithASuggestion() throws {
    let directory = try TemporaryDirectory()
    let result = try Rulescheck.run(["explain", "RC999"], in: directory.url)
    expectUsageFailure(result, "unknown code or name 'RC999'; `rulescheck rules` lists the lint rules")
    let typo = try Rulescheck.run(["explain", "unknown-feild"], in: directory.url)
    expectUsageFailure(typo, "unknown code or name 'unknown-feild'; did you mean 'unknown-field'?")
    let code = try Rulescheck.run(["explain", "RS2044"], in: directory.url)
    expectUsageFailure(code, "did you mean 'RS204'?")
  }

  @Test func explainDocumentsParserAndSemanticDiagnostics() throws {
    let directory = try TemporaryDirectory()
    let field = try Rulescheck.run(["explain", "RS204"], in: directory.url)
    #expect(field.status == 0)
    #expect(field.stdout.hasPrefix("RS204/unknown-field  semantic analysis, error, unsafe fix\n"))
    for part in [
      "Blocks deploy: no.", "Fix: Unsafe, applied only by `--fix --unsafe-fixes`",
      "Example (inside `match /b/{bucket}/o` of a version 2 file):",
      "      allow create: if request.resource.contenType == 'image/png';", "  reported: contenType\n",
    ] {
      #expect(field.stdout.contains(part), "\(part)")
    }
    let byName = try Rulescheck.run(["explain", "unknown-field"], in: directory.url)
    #expect(byName.stdout == field.stdout)
    let syntax = try Rulescheck.run(["explain", "rs009"], in: directory.url)
    #expect(syntax.stdout.hasPrefix("RS009/javascript-syntax  parser, error\n"))
    #expect(syntax.stdout.contains("Blocks deploy: yes."))
    let json = try Rulescheck.run(["explain", "RS014", "--format", "json"], in: directory.url)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["blocksDeploy"] as? Bool == true)
    #expect(object["producer"] as? String == "parser")
    #expect(object["fix"] as? String == "safe")
    #expect(object["example"] == nil && (object["noExample"] as? String)?.isEmpty == false)
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
    let first = try Rulescheck.run(["lint", "--fix", "--unsafe-fixes", "storage.rules"], in: directory.url)
    #expect(first.status == 0)
    #expect(first.stderr == "rulescheck: applied 2 fixes in 1 file\n")
    let fixed = try String(contentsOf: file, encoding: .utf8)
    #expect(fixed.hasPrefix("rules_version = '2';\nservice firebase.storage {"))
    #expect(fixed.contains("allow read: if request.auth != null;"))
    let second = try Rulescheck.run(["lint", "--fix", "--unsafe-fixes", "storage.rules"], in: directory.url)
    #expect(second.stderr.isEmpty)
    #expect(try String(contentsOf: file, encoding: .utf8) == fixed)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
    #expect(leftovers == ["storage.rules"])
  }

  /// `--fix` applies RC106's safe fix and leaves RC300's unsafe one (adding rules_version '2'
  /// changes what read and list grant), which the summary offers with --unsafe-fixes.
  @Test func fixAppliesSafeFixesOnlyUnlessUnsafeFixesAreAsked() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write("storage.rules", Self.openRules)
    let before = try Rulescheck.run(["lint"], in: directory.url)
    #expect(before.stdout.contains("\n  fix: remove 'get'\n"))
    #expect(before.stdout.contains("\n  fix (unsafe): insert rules_version = '2'; as the first line\n"))
    #expect(before.stdout.hasSuffix("\n1 fixable with --fix; 1 more with --fix --unsafe-fixes\n"))
    let shown = try Rulescheck.run(["lint", "--unsafe-fixes"], in: directory.url)
    #expect(shown.stdout.hasSuffix("\n2 fixable with --fix --unsafe-fixes\n"))
    #expect(try String(contentsOf: file, encoding: .utf8) == Self.openRules, "no --fix: nothing written")

    let safe = try Rulescheck.run(["lint", "--fix"], in: directory.url)
    #expect(safe.status == 0)
    #expect(safe.stderr == "rulescheck: applied 1 fix in 1 file\n")
    let fixed = try String(contentsOf: file, encoding: .utf8)
    #expect(fixed.hasPrefix("service firebase.storage {"))
    #expect(fixed.contains("allow read: if request.auth != null;"))
    #expect(safe.stdout.contains("RC300/missing-rules-version"))
    #expect(safe.stdout.hasSuffix("\n1 fixable with --fix --unsafe-fixes\n"))

    let unsafe = try Rulescheck.run(["lint", "--fix", "--unsafe-fixes"], in: directory.url)
    #expect(unsafe.stderr == "rulescheck: applied 1 fix in 1 file\n")
    #expect(try String(contentsOf: file, encoding: .utf8) == "rules_version = '2';\n" + fixed)
    #expect(unsafe.stdout == "no problems found in 1 file\n")
  }

  @Test func jsonAndSARIFFixesCarryTheirApplicability() throws {
    let directory = try TemporaryDirectory()
    try directory.write("storage.rules", Self.openRules)
    let json = try Rulescheck.run(["lint", "--format", "json"], in: directory.url)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let files = try #require(document["files"] as? [[String: Any]])
    let diagnostics = try #require(files.first?["diagnostics"] as? [[String: Any]])
    let applicability = Dictionary(
      uniqueKeysWithValues: diagnostics.compactMap { entry -> (String, String)? in
        guard let code = entry["code"] as? String, let fix = entry["fix"] as? [String: Any] else {
          return nil
        }
        return (code, fix["applicability"] as? String ?? "?")
      })
    #expect(applicability == ["RC300": "unsafe", "RC106": "safe"])
    let sarif = try Rulescheck.run(["lint", "--format", "sarif"], in: directory.url)
    #expect(sarif.stdout.contains(#""applicability": "unsafe""#))
    #expect(sarif.stdout.contains(#""applicability": "safe""#))
    #expect(sarif.stdout.contains(#""fixSafety": "unsafe""#))
  }

  @Test func fixDiffPrintsADiffAndChangesNothing() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write("storage.rules", Self.openRules)
    let safe = try Rulescheck.run(["lint", "--fix", "--diff"], in: directory.url)
    #expect(safe.status == 1)
    #expect(!safe.stdout.contains("rules_version"), "adding rules_version is an unsafe fix")
    #expect(safe.stdout.contains("\n+      allow read: if request.auth != null;\n"))
    let result = try Rulescheck.run(["lint", "--fix", "--unsafe-fixes", "--diff"], in: directory.url)
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
