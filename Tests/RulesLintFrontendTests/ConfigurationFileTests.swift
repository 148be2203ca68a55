import Foundation
import RulesLint
import RulesLintFrontend
import RulesSyntax
import Testing

@Suite struct ConfigurationFileTests {
  private let directory = URL(fileURLWithPath: "/project")

  private func parse(_ text: String) throws(LintError) -> ConfigurationFile {
    try ConfigurationFile.parse(text, path: ".rulescheck.yml", directory: directory)
  }

  private func failure(_ text: String) -> String? {
    do {
      _ = try parse(text)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func readsRulesByCodeOrNameStrictAndExcludes() throws {
    let file = try parse(
      """
      # settings
      strict: true
      rules:
        RC302: off
        owner-not-checked: warning
        rc104: on
        RS201: error
        unused-wildcard: false
      exclude:
        - legacy/**
        - "*.generated.rules"
      """)
    #expect(file.strict == true)
    #expect(file.rules["RC302"] == .off)
    #expect(file.rules["RC303"] == .severity(.warning))
    #expect(file.rules["RC104"] == .severity(.note))
    #expect(file.rules["RS201"] == .severity(.error))
    #expect(file.rules["RC108"] == .off)
    let configuration = file.configuration(commandLineStrict: false)
    #expect(configuration.strict)
    #expect(!configuration.isEnabled(try #require(RuleCatalogue.standard.descriptor("RC302"))))
    #expect(file.excludes(directory.appendingPathComponent("legacy/old/storage.rules")))
    #expect(file.excludes(directory.appendingPathComponent("rules/a.generated.rules")))
    #expect(!file.excludes(directory.appendingPathComponent("storage.rules")))
    #expect(!file.excludes(directory.appendingPathComponent("legacy.rules")))
  }

  @Test func anEmptyFileChangesNothing() throws {
    let file = try parse("# nothing yet\n")
    #expect(file.strict == nil && file.rules.isEmpty && file.exclude.isEmpty)
    #expect(file.configuration(commandLineStrict: true).strict)
  }

  @Test(arguments: [
    (
      "strict: true\nrulez:\n  RC302: off\n",
      ".rulescheck.yml:2:1: unknown key 'rulez'; expected one of strict, rules, exclude"
    ),
    (
      "rules:\n  RC999: off\n",
      ".rulescheck.yml:2:3: unknown rule 'RC999'; `rulescheck rules` lists the codes and names"
    ),
    (
      "rules:\n  public-write: loud\n",
      ".rulescheck.yml:2:17: 'public-write' must be off, on, note, warning or error"
    ),
    (
      "rules:\n  RS007: off\n",
      ".rulescheck.yml:2:3: 'RS007' is a syntax error; syntax errors cannot be configured"
    ),
    ("strict: sometimes\n", ".rulescheck.yml:1:9: 'strict' must be true or false"),
    ("exclude: legacy\n", ".rulescheck.yml:1:10: 'exclude' must be a list of path patterns"),
    ("- a\n- b\n", ".rulescheck.yml:1:1: expected a mapping with the keys strict, rules, exclude"),
  ])
  func problemsNameTheirLineAndColumn(_ text: String, _ expected: String) {
    #expect(failure(text) == expected)
  }

  @Test func malformedYAMLNamesItsPosition() throws {
    let message = try #require(failure("rules:\n  RC302: [off\n"))
    #expect(message.hasPrefix(".rulescheck.yml:"))
    #expect(message.contains("malformed YAML"))
  }

  @Test func anAliasBombIsRefusedBeforeItIsComposed() {
    // Nine levels of ten aliases: 10⁹ nodes, and an aliased key Yams would hash whole.
    var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
    for level in 1..<9 {
      text +=
        "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
      text += "]\n"
    }
    text += "k: {? *a8 : 1}\n"
    #expect(
      failure(text)
        == ".rulescheck.yml:6:45: document has more than 1,000,000 YAML nodes with aliases expanded "
        + "(the YAML node limit)")
  }

  @Test func deepNestingIsRefused() {
    let text = "exclude: " + String(repeating: "[", count: 1_000) + String(repeating: "]", count: 1_000)
    #expect(
      failure(text)
        == ".rulescheck.yml:1:265: YAML nested more than 256 levels deep with aliases expanded "
        + "(the YAML depth limit)")
  }

  @Test func duplicateKeysAreErrors() throws {
    let message = try #require(failure("rules:\n  RC302: off\n  RC302: on\n"))
    #expect(message.contains("duplicate key 'RC302'"))
  }

  @Test(arguments: [
    ("legacy/**", "legacy/a.rules", true),
    ("legacy", "legacy/deep/a.rules", true),
    ("legacy", "src/legacy/a.rules", true),
    ("src/*.rules", "src/a.rules", true),
    ("src/*.rules", "src/deep/a.rules", false),
    ("src/**/a.rules", "src/a.rules", true),
    ("src/**/a.rules", "src/x/y/a.rules", true),
    ("a?.rules", "ab.rules", true),
    ("a?.rules", "a/.rules", false),
    ("./only/this.rules", "only/this.rules", true),
    ("(x).rules", "(x).rules", true),
  ])
  func globsMatchLikeGitignore(_ pattern: String, _ path: String, _ expected: Bool) {
    #expect(PathGlob(pattern).matches(path) == expected)
  }
}
