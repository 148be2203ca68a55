import Foundation
import RulesEvaluator
import RulesReport
import RulesTesting
import Testing

@Suite("Coverage and test renderers")
struct CoverageRendererTests {
  func run() throws -> TestRun {
    Fixtures.run(
      try Fixtures.parse(
        Fixtures.suite(
          cases: """
              - name: alice <reads> & writes
                request: {method: get, path: files/alice/a.txt, auth: alice}
                expect: allow
              - name: bob reads
                request: {method: get, path: files/alice/a.txt, auth: bob}
                expect: allow
            """)))
  }

  /// One `DA` line per statement (its first line, hit count = grants) and a true and a false
  /// `BRDA` branch per condition, `-` when never evaluated.
  @Test func lcovHasStatementsAndBranches() throws {
    let lcov = CoverageLCOVRenderer().render(try run().coverage)
    let lines = lcov.split(separator: "\n").map(String.init)
    #expect(lines.prefix(2) == ["TN:", "SF:storage.rules"])
    #expect(lines.contains("BRDA:6,0,0,1"))
    #expect(lines.contains("BRDA:6,0,1,1"))
    #expect(lines.contains("BRDA:9,11,0,-"))
    #expect(lines.filter { $0.hasPrefix("BRDA:") }.count == 28)
    #expect(
      lines.suffix(9) == [
        "BRF:28", "BRH:5", "DA:6,1", "DA:7,0", "DA:9,0", "DA:10,0", "LF:4", "LH:1", "end_of_record",
      ])
  }

  @Test func htmlEscapesAndMarksStatements() throws {
    let html = CoverageHTMLRenderer().render(try run().coverage)
    #expect(
      html.contains(
        "<tr class=\"granted\"><td class=\"ln\">6</td><td class=\"hits\"><b title=\"evaluated 2×, granted 1×\">✓ 1</b></td>"
      ))
    #expect(html.contains("<tr class=\"never\"><td class=\"ln\">9</td>"))
    #expect(html.contains("&amp;&amp; request.auth.uid"))
    #expect(html.components(separatedBy: "<span class=\"b ").count - 1 == 14 + 4)
    #expect(!html.contains("<script"))
  }

  @Test func junitEscapesNames() throws {
    let xml = TestJUnitRenderer().render(try run())
    #expect(xml.contains("name=\"alice &lt;reads&gt; &amp; writes\""))
    #expect(xml.contains("<failure message=\"expected allow, got deny\" type=\"RulesTestFailure\">"))
  }

  @Test func jsonCoverageListsStatementsInSourceOrder() throws {
    let text = CoverageJSONRenderer().render(try run().coverage)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let file = try #require((document["files"] as? [[String: Any]])?.first)
    let statements = try #require(file["statements"] as? [[String: Any]])
    #expect(statements.map { $0["granted"] as? Int } == [1, 0, 0, 0])
    #expect(statements.first?["text"] as? String == "allow read: if signedIn() && request.auth.uid == uid;")
    let conditions = try #require(file["conditions"] as? [[String: Any]])
    #expect(conditions.first?["statement"] as? Int == 0)
    #expect(conditions.first?["true"] as? Int == 1)
    #expect(conditions.first?["fullyCovered"] as? Bool == true)
  }

  @Test(arguments: [(100.0, "100%"), (66.666, "66.7%"), (99.99, "99.9%"), (0.0, "0%"), (12.5, "12.5%")])
  func percentages(_ value: Double, _ text: String) {
    #expect(TestTextRenderer.percent(value) == text)
  }
}
