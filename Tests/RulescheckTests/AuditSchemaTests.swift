import Foundation
import RulescheckTestSupport
import Testing

/// `docs/audit.schema.json` describes what `audit --format json` writes, with and without
/// `--diff`, and rejects documents that break it (so the schema is not vacuous).
@Suite("The audit JSON Schema", .enabled(if: SchemaValidator.isAvailable))
struct AuditSchemaTests {
  static let schema = packageRoot.appendingPathComponent("docs/audit.schema.json")

  /// Every example, and rules with qualifiers, unknowns, claims, a warning and a partial diff.
  static let claims = """
    rules_version = '2';
    service firebase.storage {
      match /b/{bucket}/o {
        match /users/{uid}/{file} {
          allow read: if request.auth != null && request.time < timestamp.date(2030, 1, 1);
          allow write: if request.auth.uid == uid && request.resource.size < 2048
            || request.auth.token.admin == true;
          allow delete: if unknownName == 1;
        }
      }
    }
    """

  func directory() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    try directory.write("claims.rules", Self.claims)
    try directory.write(
      "smaller.rules", Self.claims.replacingOccurrences(of: "size < 2048", with: "size < 1024"))
    for name in ["storage.rules", "version1.rules", "immutable-uploads.rules"] {
      let text = try String(
        contentsOf: packageRoot.appendingPathComponent("examples/\(name)"), encoding: .utf8)
      try directory.write(name, text)
    }
    return directory
  }

  static let runs: [[String]] = [
    ["audit", "storage.rules"], ["audit", "version1.rules"], ["audit", "immutable-uploads.rules"],
    ["audit", "claims.rules"], ["audit", "claims.rules", "--diff", "smaller.rules"],
    ["audit", "smaller.rules", "--diff", "claims.rules"],
    ["audit", "storage.rules", "--diff", "version1.rules"],
  ]

  @Test(arguments: runs)
  func outputValidates(_ arguments: [String]) throws {
    let directory = try directory()
    let result = try Rulescheck.run(arguments + ["--format", "json"], in: directory.url)
    #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
    #expect(try SchemaValidator.errors(in: result.stdout, schema: Self.schema) == "")
  }

  /// Documents one change away from a real one, each of which the schema must refuse.
  @Test(arguments: [
    (#""access": "always""#, #""access": "maybe""#),
    (#""method": "get""#, #""method": "read""#),
    (#""version": 1"#, #""version": 2"#),
    (#""budgetExhausted": false"#, #""budgetExhausted": "no""#),
    (#""identity": "owner""#, #""identity": "the owner""#),
  ])
  func brokenDocumentsAreRefused(_ original: String, _ replacement: String) throws {
    let directory = try directory()
    let result = try Rulescheck.run(["audit", "claims.rules", "--format", "json"], in: directory.url)
    #expect(result.stdout.contains(original))
    let broken = result.stdout.replacingOccurrences(of: original, with: replacement)
    #expect(try SchemaValidator.errors(in: broken, schema: Self.schema) != "")
  }
}
