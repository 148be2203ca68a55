import Foundation
import RulesEvaluator
import RulesReport
import RulescheckTestSupport
import Testing

@testable import RulesTesting

/// `docs/rules-test.schema.json` accepts the example suites, and rejects what the reader rejects.
@Suite("The suite JSON Schema", .enabled(if: SchemaValidator.isAvailable))
struct SchemaTests {
  static let examples = [
    "storage.rules-test.yaml", "immutable-uploads.rules-test.yaml", "version1.rules-test.json",
  ]

  @Test(arguments: examples)
  func exampleSuitesValidate(_ name: String) throws {
    let url = Fixtures.packageRoot.appendingPathComponent("examples").appendingPathComponent(name)
    let text = try String(contentsOf: url, encoding: .utf8)
    #expect(try SchemaValidator.errors(text, json: name.hasSuffix(".json")) == "")
    _ = try TestPlan.parse(text, path: "examples/" + name, now: Fixtures.now)
  }

  /// Less common shapes that both accept.
  @Test(arguments: [
    "rules: a.rules\nprofiles: null\nobjects: {a/b.txt: null, c: {}}\nfirestore: null\ncases: []",
    "rules: a.rules\ntime: 2025-06-01T12:00:00.5+02:00\nbucket: b\nfirestore: {users/a: {role: x}}\ncases: []",
    "rules: a.rules\ncases:\n  - {name: 2024, request: {method: list, all: true, auth: null}, expect: allow}",
    "rules: a.rules\ncases:\n  - {name: x, request: {method: delete, path: p, resource: null}, expect: deny, error: e}",
    "rules: a.rules\ncases:\n  - name: x\n    request:\n      method: update\n      path: p\n      bucket: other\n"
      + "      time: 2025-06-01T12:00:00Z\n      auth: {uid: u, token: {admin: true}}\n"
      + "      requestResource: {metadata: {k: v, j: null}, contentType: null}\n    expect: deny",
    "rules: a.rules\ncases:\n  - {name: x, request: {method: update, path: p, requestResource: {metadata: null}}, expect: deny}",
    "rules: a.rules\ncases:\n  - name: x\n    request: {method: list, path: a, maxResults: 1000, pageToken: YQ==}\n"
      + "    expect: allow\n    listing: {prefixes: [], items: [a/b], nextPageToken: false}",
  ])
  func validVariantsAreAcceptedByBoth(_ text: String) throws {
    #expect(try SchemaValidator.errors(text, json: false) == "")
    _ = try TestPlan.parse(text, path: "s.yaml", now: Fixtures.now)
  }

  /// Suites that the reader refuses (exit 2), which an editor should flag too.
  @Test(arguments: [
    "rules: a.rules\ncases: []\nextra: 1",
    "rules: a.rules\ncases:\n  - {name: x, request: {method: get, path: p}, expct: allow}",
    "rules: a.rules\ncases:\n  - {name: x, request: {method: fetch, path: p}, expect: allow}",
    "rules: a.rules\ncases:\n  - {name: x, request: {method: get}, expect: allow}",
    "rules: a.rules\ncases:\n  - {name: x, request: {method: get, path: p}, expect: allowed}",
    "rules: a.rules\ncases:\n  - {name: x, request: {method: get, path: p}, expect: allow, error: e}",
    "rules: a.rules\ncases:\n  - {name: x, request: {method: get, path: p, maxResults: 2}, expect: allow}",
    "rules: a.rules\ncases:\n  - {name: x, request: {method: list, maxResults: 0}, expect: allow}",
    "rules: a.rules\ncases:\n  - {name: x, request: {method: list, resource: {}}, expect: allow}",
    "rules: a.rules\ncases:\n  - {name: x, request: {method: get, path: p, requestResource: {}}, expect: allow}",
    "rules: a.rules\ncases:\n  - {name: x, request: {method: get, path: p}, expect: allow, listing: {}}",
    "rules: a.rules\ncases:\n  - {name: x, request: {method: list, all: true, pageToken: t}, expect: allow}",
    "rules: a.rules\ncases:\n  - {name: x, request: {method: get, path: p, resource: {sise: 1}}, expect: allow}",
    "rules: a.rules\ncases:\n  - {name: x, request: {method: get, path: p, resource: {size: big}}, expect: allow}",
    "rules: a.rules\ncases:\n  - {name: x, request: {method: get, path: p, auth: {id: a}}, expect: allow}",
    "rules: a.rules\ntime: yesterday\ncases: []",
    "rules: a.rules\nobjects: {a: {metadata: {k: 1}}}\ncases: []",
    "rules: a.rules\ncases:\n  - {name: x, request: {method: update, path: p, requestResource: {size: 1}}, expect: deny}",
    "rules: a.rules\ncases:\n  - {name: x, request: {method: update, path: p, requestResource: {metadata: {k: 1}}}, expect: deny}",
    "rules: a.rules\ncases:\n  - {name: x, request: {method: create, path: p, requestResource: {metadata: {k: null}}}, expect: deny}",
    "cases: []",
  ])
  func invalidSuitesAreRejectedByBoth(_ text: String) throws {
    #expect(try SchemaValidator.errors(text, json: false) != "")
    #expect(throws: SuiteError.self) { try TestPlan.parse(text, path: "s.yaml", now: Fixtures.now) }
  }
}

/// Validates suites against the schema with Python's `jsonschema`, after reading YAML the
/// way rulescheck does (so `2025-06-01T12:00:00Z` stays text, as in rulescheck).
enum SchemaValidator {
  static let schema = Fixtures.packageRoot.appendingPathComponent("docs/rules-test.schema.json")

  static let script = """
    import json, sys, jsonschema
    schema = json.load(open(sys.argv[1]))
    jsonschema.Draft7Validator.check_schema(schema)
    errors = sorted(jsonschema.Draft7Validator(schema).iter_errors(json.load(sys.stdin)), key=str)
    print("\\n".join(e.message for e in errors))
    """

  static var isAvailable: Bool {
    (try? run(["-c", "import jsonschema"], input: "").status) == 0
  }

  /// The schema's complaints about `text`, one per line; empty when it validates.
  static func errors(_ text: String, json: Bool) throws -> String {
    let root = try SuiteDocument.parse(text, file: "suite", json: json)
    let document = JSONValue(root.json).serialized()
    let result = try run(["-c", script, schema.path], input: document)
    guard result.status == 0 else { throw ValidatorFailed(message: result.output) }
    return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  struct ValidatorFailed: Error {
    var message: String
  }

  private static func run(_ arguments: [String], input: String) throws -> (status: Int32, output: String) {
    let directory = try TemporaryDirectory()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    process.standardInput = try FileHandle(forReadingFrom: try directory.write("in.json", input))
    let outputURL = try directory.write("out.txt", "")
    let output = try FileHandle(forWritingTo: outputURL)
    process.standardOutput = output
    process.standardError = output
    try process.run()
    process.waitUntilExit()
    try output.close()
    return (process.terminationStatus, try String(contentsOf: outputURL, encoding: .utf8))
  }
}

extension JSONValue {
  /// A parsed JSON input as an output value.
  init(_ input: JSONInput) {
    switch input {
    case .null: self = .null
    case .bool(let value): self = .bool(value)
    case .integer(let value): self = .number(String(value))
    case .number(let value): self = value.isFinite ? .number(String(value)) : .string(String(value))
    case .string(let value): self = .string(value)
    case .array(let values): self = .array(values.map(JSONValue.init))
    case .object(let members): self = .object(members.map { .init($0.key, JSONValue($0.value)) })
    }
  }
}
