import Foundation
import RulescheckTestSupport

/// Validates JSON documents against a JSON Schema with python3's `jsonschema` package.
enum SchemaValidator {
  static let python = URL(fileURLWithPath: "/usr/bin/env")

  /// Whether `python3 -c 'import jsonschema'` works here.
  static let isAvailable: Bool = {
    (try? run(["python3", "-c", "import jsonschema"]))?.status == 0
  }()

  /// The validation errors of `document` against the schema at `schema`, one per line; empty
  /// when valid.
  static func errors(in document: String, schema: URL) throws -> String {
    let directory = try TemporaryDirectory()
    let file = try directory.write("document.json", document)
    let script = """
      import json, sys, jsonschema
      schema = json.load(open(sys.argv[1]))
      document = json.load(open(sys.argv[2]))
      validator = jsonschema.Draft7Validator(schema)
      for error in sorted(validator.iter_errors(document), key=str):
          print("/".join(str(p) for p in error.absolute_path) + ": " + error.message)
      """
    let result = try run(["python3", "-c", script, schema.path, file.path])
    return result.status == 0 ? result.stdout : "python3 failed: \(result.stderr)"
  }

  private static func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = python
    process.arguments = arguments
    let directory = try TemporaryDirectory()
    let stdoutURL = try directory.write("stdout", "")
    let stderrURL = try directory.write("stderr", "")
    let stdout = try FileHandle(forWritingTo: stdoutURL)
    let stderr = try FileHandle(forWritingTo: stderrURL)
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    process.waitUntilExit()
    try stdout.close()
    try stderr.close()
    return (
      process.terminationStatus, try String(contentsOf: stdoutURL, encoding: .utf8),
      try String(contentsOf: stderrURL, encoding: .utf8)
    )
  }
}
