import RulesLint
import RulesSyntax
import Testing

/// RC100 on the emulator-era `match /folder { allow list; }` says that granting nothing is
/// production's behaviour, and that the emulator differs (issue 13).
@Suite struct ListOnLiteralPathTests {
  @Test func theMessageSaysItIsProductionsBehaviour() throws {
    let text = """
      rules_version = '2';
      service firebase.storage {
        match /b/{bucket}/o {
          match /folder {
            allow list;
          }
        }
      }
      """
    let report = LintRunner().lint(SourceFile(path: "a.rules", text: text))
    let finding = try #require(report.diagnostics.first { $0.id.code == "RC100" })
    #expect(finding.message.hasPrefix("'list' here grants nothing in production:"))
    #expect(
      finding.message.contains("the emulator, which matches a list at the folder's own path, grants it"))
  }
}
