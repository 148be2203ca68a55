import RulesLint
import RulesSemantics
import RulesSyntax
import Testing

/// A version 1 file's "read grants get only" is said once: by RC300 when it reports the file,
/// by RS109 otherwise.
@Suite struct VersionOneReportTests {
  static let body = """
    service firebase.storage {
      match /b/{bucket}/o {
        match /files/{name} {
          allow read: if request.auth != null;
          allow list: if request.auth != null;
        }
      }
    }
    """

  private func codes(_ text: String, _ configuration: LintConfiguration = LintConfiguration()) -> [String] {
    let source = SourceFile(path: "a.rules", text: text)
    let report = LintRunner(configuration: configuration).lint(source)
    return report.diagnostics.map { "\($0.id.code) \(source.text($0.range))" }
  }

  @Test func rc300ReportsTheFactAndRS109OnlyTheList() {
    let found = codes(Self.body)
    #expect(found.filter { $0.hasPrefix("RC300") }.count == 1)
    #expect(!found.contains("RS109 read"))
    #expect(found.contains("RS109 list"))
  }

  @Test func rs109SpeaksForReadWhenRC300IsOff() {
    let found = codes(Self.body, LintConfiguration(severityOverrides: ["RC300": .off]))
    #expect(!found.contains { $0.hasPrefix("RC300") })
    #expect(found.contains("RS109 read") && found.contains("RS109 list"))
  }

  @Test func rs109SpeaksForReadWhenVersionOneIsDeclared() {
    let found = codes("rules_version = '1';\n" + Self.body)
    #expect(!found.contains { $0.hasPrefix("RC300") })
    #expect(found.contains("RS109 read") && found.contains("RS109 list"))
  }
}
