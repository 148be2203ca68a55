import Foundation
import RulesEvaluator
import RulesSemantics
import RulesSyntax
import Testing

/// A scenario file of `examples/scenarios/`: a rules file, defaults and cases with expected
/// decisions.
struct Scenario {
  struct Case: CustomTestStringConvertible, Sendable {
    let file: String
    let name: String
    let request: RequestInput
    let allowed: Bool
    let status: Int?
    let message: String?
    var testDescription: String { "\(file): \(name)" }
  }

  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples/scenarios")

  static func files() -> [URL] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { directory.appendingPathComponent($0) }
  }

  /// Every case of every scenario file, with its compiled ruleset and fixture.
  static func load() throws -> [(Case, CompiledRuleset, FirestoreDocuments, Timestamp?, String?)] {
    var all: [(Case, CompiledRuleset, FirestoreDocuments, Timestamp?, String?)] = []
    for url in files() {
      let json = try JSONInputParser.parse(String(decoding: try Data(contentsOf: url), as: UTF8.self))
      guard case .string(let rulesPath)? = json["rules"] else { continue }
      let rulesURL = url.deletingLastPathComponent().appendingPathComponent(rulesPath)
      let text = String(decoding: try Data(contentsOf: rulesURL), as: UTF8.self)
      let ruleset = CompiledRuleset(source: text, path: rulesPath)
      let firestore =
        try json["firestore"].map { json throws in try FirestoreDocuments(json: json) }
        ?? FirestoreDocuments()
      var time: Timestamp?
      if case .string(let text)? = json["time"] { time = RFC3339.parse(text) }
      var bucket: String?
      if case .string(let text)? = json["bucket"] { bucket = text }
      guard case .array(let cases)? = json["cases"] else { continue }
      for item in cases {
        guard case .string(let name)? = item["name"], let requestJSON = item["request"],
          let expect = item["expect"],
          case .bool(let allowed)? = expect["allowed"]
        else { throw RequestInputError("malformed case in \(url.lastPathComponent)") }
        var status: Int?
        if case .integer(let value)? = expect["status"] { status = Int(value) }
        var message: String?
        if case .string(let text)? = expect["message"] { message = text }
        let request = try RequestInput(json: requestJSON)
        all.append(
          (
            Case(
              file: url.lastPathComponent, name: name, request: request, allowed: allowed, status: status,
              message: message),
            ruleset, firestore, time, bucket
          ))
      }
    }
    return all
  }
}

@Suite("Scenario files in examples/scenarios")
struct ScenarioTests {
  @Test("the scenario rules files deploy; only deploys.rules has errors, none of them compile errors")
  func rulesDeploy() throws {
    let loaded = try Scenario.load()
    #expect(loaded.count >= 50)
    for (_, ruleset, _, _, _) in loaded {
      let checked = ruleset.checked
      #expect(checked.deployErrors.isEmpty, "\(checked.source.path): \(checked.deployErrors.map(\.message))")
      let errors = checked.diagnostics.filter { $0.severity == .error }
      #expect(errors.isEmpty == (checked.source.path != "deploys.rules"), "\(checked.source.path)")
    }
  }

  @Test("every case decides as expected")
  func cases() throws {
    let now = Timestamp(seconds: 1_780_000_000, nanos: 0)
    for (item, ruleset, firestore, time, bucket) in try Scenario.load() {
      let request = item.request.request(
        defaultBucket: bucket ?? RequestInput.defaultBucket, now: time ?? now)
      let decision = ruleset.decide(request, firestore: firestore, trace: true)
      #expect(decision.allowed == item.allowed, "\(item.testDescription): reason \(decision.reason)")
      if let status = item.status { #expect(decision.error?.status == status, "\(item.testDescription)") }
      if let message = item.message { #expect(decision.error?.message == message, "\(item.testDescription)") }
      if decision.allowed { #expect(decision.error == nil) } else { #expect(decision.error != nil) }
    }
  }
}
