import Foundation
import RulesLint
import RulesReport
import RulesSyntax
import Testing

@Suite struct SARIFRendererTests {
  /// The official SARIF 2.1.0 schema (OASIS), kept beside the tests.
  static let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Schemas/sarif-schema-2.1.0.json")

  /// A report with catalogue findings (a note with a range, a fix) and semantic ones.
  static func catalogueReport() -> LintReport {
    let text = """
      service firebase.storage {
        match /b/{bucket}/o {
          match /uploads/{userId}/{fileName} {
            allow read, get: if isOwnr(userId);
            allow write: if request.auth != null;
          }
        }
      }

      """
    let runner = LintRunner()
    return runner.report([runner.lint(SourceFile(path: "my rules/storage.rules", text: text))])
  }

  @Test(.enabled(if: SchemaValidator.isAvailable, "python3 with the jsonschema package is not installed"))
  func outputIsValidSARIF() throws {
    for report in [Self.catalogueReport(), SampleReport.make()] {
      let errors = try SchemaValidator.errors(in: SARIFRenderer().render(report), schema: Self.schema)
      #expect(errors.isEmpty, "\(errors)")
    }
  }

  @Test func sampleMatchesGolden() {
    expectGolden(SARIFRenderer().render(SampleReport.make()), named: "sample.sarif")
  }

  @Test func rulesComeFromDescriptorsAndResultsPointAtThem() throws {
    let output = SARIFRenderer().render(Self.catalogueReport())
    let log = try JSONDecoder().decode(Log.self, from: Data(output.utf8))
    let run = try #require(log.runs.first)
    #expect(log.version == "2.1.0")
    #expect(run.columnKind == "unicodeCodePoints")
    let rules = run.tool.driver.rules
    #expect(rules.map(\.id) == rules.map(\.id).sorted())
    let owner = try #require(rules.first { $0.id == "RC303" })
    #expect(owner.name == "owner-not-checked")
    #expect(owner.shortDescription.text == RuleCatalogue.standard.descriptor("RC303")?.summary)
    #expect(owner.defaultConfiguration.level == "error")
    for result in run.results {
      #expect(rules[result.ruleIndex].id == result.ruleId)
      let region = try #require(result.locations.first?.physicalLocation.region)
      #expect(region.startLine >= 1 && region.endLine >= region.startLine)
      #expect(region.endColumn >= 1 && region.startColumn >= 1)
      #expect(result.locations.first?.physicalLocation.artifactLocation.uri == "my%20rules/storage.rules")
    }
    #expect(run.results.contains { $0.ruleId == "RC106" && $0.fixes?.isEmpty == false })
    #expect(run.results.contains { $0.ruleId == "RS202" && $0.level == "warning" })
  }

  private struct Log: Decodable {
    var version: String
    var runs: [Run]
  }

  private struct Run: Decodable {
    var tool: Tool
    var results: [Result]
    var columnKind: String
  }

  private struct Tool: Decodable {
    var driver: Driver
  }

  private struct Driver: Decodable {
    var rules: [Rule]
  }

  private struct Rule: Decodable {
    var id: String
    var name: String
    var shortDescription: Text
    var defaultConfiguration: Level
  }

  private struct Text: Decodable {
    var text: String
  }

  private struct Level: Decodable {
    var level: String
  }

  private struct Result: Decodable {
    var ruleId: String
    var ruleIndex: Int
    var level: String
    var locations: [Location]
    var fixes: [Fix]?
  }

  private struct Fix: Decodable {
    var description: Text
  }

  private struct Location: Decodable {
    var physicalLocation: Physical
  }

  private struct Physical: Decodable {
    var artifactLocation: Artifact
    var region: Region
  }

  private struct Artifact: Decodable {
    var uri: String
  }

  private struct Region: Decodable {
    var startLine: Int
    var startColumn: Int
    var endLine: Int
    var endColumn: Int
  }
}
