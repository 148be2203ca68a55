import Foundation
import RulescheckTestSupport
import Testing

/// `lint --fail-on`: what makes a run exit 1, and the deploy-blocking counts it rests on.
@Suite struct CLIFailOnTests {
  /// Errors Firebase deploys (an unknown method, a type mismatch) and a warning.
  static let deploys = """
    rules_version = '2';
    service firebase.storage {
      match /b/{bucket}/o {
        match /a/{name} {
          allow reed: if true;
          allow get: if 'a' + 1 == 'a1';
          allow create: if foo == 1;
        }
      }
    }

    """

  /// A file the compiler refuses: a function defined twice.
  static let refused = """
    rules_version = '2';
    service firebase.storage {
      match /b/{bucket}/o {
        function f() { return true; }
        function f() { return false; }
        match /a/{name} { allow get: if f(); }
      }
    }

    """

  func lint(_ arguments: [String]) throws -> CommandResult {
    let directory = try TemporaryDirectory()
    try directory.write("deploys.rules", Self.deploys)
    try directory.write("refused.rules", Self.refused)
    return try Rulescheck.run(["lint"] + arguments, in: directory.url)
  }

  @Test(
    arguments: [
      (["deploys.rules"], 1),
      (["deploys.rules", "--fail-on", "deploy-errors"], 0),
      (["refused.rules", "--fail-on", "deploy-errors"], 1),
      (["deploys.rules", "refused.rules", "--fail-on", "deploy-errors"], 1),
      (["deploys.rules", "--fail-on", "error"], 1),
      (["deploys.rules", "--fail-on", "warning"], 1),
      (["deploys.rules", "--strict", "--fail-on", "deploy-errors"], 2),
      (["deploys.rules", "--fail-on", "everything"], 2),
    ] as [([String], Int32)])
  func exitStatus(arguments: [String], status: Int32) throws {
    let result = try lint(arguments)
    #expect(result.status == status, "\(result.stdout)\(result.stderr)")
  }

  @Test func summaryCountsWhatStopsADeploy() throws {
    let text = try lint(["deploys.rules", "refused.rules", "--fail-on", "deploy-errors"])
    #expect(text.stdout.contains("in 2 files; 1 stops firebase deploy\n"), "\(text.stdout)")
    let json = try lint(["deploys.rules", "refused.rules", "--format", "json"])
    let document = try JSONDecoder().decode(LintDocument.self, from: Data(json.stdout.utf8))
    #expect(document.summary.deployBlocking == 1)
    let blocking = document.files.flatMap(\.diagnostics).filter(\.blocksDeploy).map(\.code)
    #expect(blocking == ["RS114"])
    #expect(document.files[0].diagnostics.map(\.code).contains("RS101"))
  }

  @Test func sarifResultsSayWhetherTheyBlockDeploy() throws {
    let result = try lint(["refused.rules", "--format", "sarif"])
    let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let runs = try #require(log["runs"] as? [[String: Any]])
    let results = try #require(runs.first?["results"] as? [[String: Any]])
    let flags = results.map { result in
      (
        (result["ruleId"] as? String) ?? "",
        (result["properties"] as? [String: Any])?["blocksDeploy"] as? Bool
      )
    }
    #expect(flags.contains { $0.0 == "RS114" && $0.1 == true })
    #expect(flags.allSatisfy { $0.1 != nil })
  }
}
