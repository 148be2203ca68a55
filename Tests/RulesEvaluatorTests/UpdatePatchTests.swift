import RulesEvaluator
import Testing

/// A metadata update as the rules see it: a patch applied to the stored object
/// (decisions.md §11, last bullet).
struct PatchCase: Sendable, CustomTestStringConvertible {
  /// The `requestResource` of a batch line.
  let patch: String
  /// An `allow update` condition that must evaluate to true.
  let condition: String

  init(_ patch: String, _ condition: String) {
    self.patch = patch
    self.condition = condition
  }

  var testDescription: String { "\(patch) ⇒ \(condition)" }
}

@Suite("update patches")
struct UpdatePatchTests {
  /// What every case updates.
  static let stored = """
    {"size": 5, "contentType": "image/png", "contentEncoding": "gzip", "contentLanguage": "de",
     "cacheControl": "no-cache", "contentDisposition": "attachment", "metadata": {"a": "1", "b": "2"}}
    """

  static let cases: [PatchCase] = [
    PatchCase(
      #"{"contentType": null}"#,
      "request.resource.contentType == null && resource.contentType == 'image/png'"),
    PatchCase(#"{"contentEncoding": null}"#, "request.resource.contentEncoding == 'identity'"),
    PatchCase(
      #"{"cacheControl": null, "contentDisposition": null, "contentLanguage": null}"#,
      "request.resource.cacheControl == null && request.resource.contentDisposition == null"
        + " && request.resource.contentLanguage == null && request.resource.contentType == 'image/png'"),
    PatchCase(
      #"{"metadata": {"a": null}}"#,
      "!('a' in request.resource.metadata) && request.resource.metadata == {'b': '2'}"),
    PatchCase(
      #"{"metadata": {"b": "x", "c": "3"}}"#, "request.resource.metadata == {'a': '1', 'b': 'x', 'c': '3'}"),
    PatchCase(#"{"metadata": {"b": ""}}"#, "request.resource.metadata == {'a': '1', 'b': ''}"),
    PatchCase(#"{"metadata": {}}"#, "request.resource.metadata == resource.metadata"),
    PatchCase(#"{"metadata": null}"#, "request.resource.metadata == null"),
    PatchCase(#"{"metadata": {"a": null, "b": null}}"#, "request.resource.metadata == null"),
    PatchCase(
      #"{"cacheControl": "max-age=60"}"#,
      "request.resource.cacheControl == 'max-age=60' && request.resource.contentType == 'image/png'"
        + " && request.resource.contentEncoding == 'gzip' && request.resource.contentLanguage == 'de'"
        + " && request.resource.metadata == {'a': '1', 'b': '2'} && request.resource.size == 5"
        + " && request.resource.generation == 1 && request.resource.metageneration == 1"
        + " && request.resource.name == 'f.png' && request.resource.bucket == 'test-bucket'"),
    PatchCase(
      #"{}"#,
      "request.resource.keys().size() == 15 && !('timeCreated' in request.resource)"
        + " && !('updated' in request.resource)"),
  ]

  func decide(patch: String, condition: String, stored: String = stored) throws -> Decision {
    let rules = """
      rules_version = '2';
      service firebase.storage {
        match /b/{bucket}/o/{file} { allow update: if \(condition); }
      }
      """
    let ruleset = CompiledRuleset(source: rules, path: "update.rules")
    let line = #"{"method": "update", "path": "f.png", "resource": \#(stored), "requestResource": \#(patch)}"#
    let input = try RequestInput(json: try JSONInputParser.parse(line))
    return ruleset.decide(input.request(now: Timestamp(seconds: 1_780_000_000, nanos: 0)), trace: true)
  }

  @Test("request.resource is the stored object with the patch applied", arguments: cases)
  func patchIsApplied(_ row: PatchCase) throws {
    let decision = try decide(patch: row.patch, condition: row.condition)
    #expect(decision.allowed, "\(decision.trace.flatMap(\.allows).map(\.outcome))")
  }

  /// The conditions above are not vacuous: without the patch they fail.
  @Test(arguments: cases.filter { $0.patch != "{}" && $0.patch != #"{"metadata": {}}"# })
  func conditionsFailWithoutThePatch(_ row: PatchCase) throws {
    #expect(try decide(patch: "{}", condition: row.condition).allowed == false)
  }

  @Test func clearingContentEncodingOfAnObjectWithoutOneReadsIdentity() throws {
    let decision = try decide(
      patch: #"{"contentEncoding": null, "metadata": {"k": "v"}}"#,
      condition: "resource.contentEncoding == null && request.resource.contentEncoding == 'identity'"
        + " && resource.metadata == null && request.resource.metadata == {'k': 'v'}",
      stored: "{}")
    #expect(decision.allowed, "\(decision.trace.flatMap(\.allows).map(\.outcome))")
  }

  @Test func readOnlyFieldsInAPatchAreIgnored() {
    let stored = ObjectMetadata.stored(
      name: "f", bucket: "b", given: ["size": .int(5), "md5Hash": .string("x")],
      time: Timestamp(seconds: 0, nanos: 0))
    let updated = ObjectMetadata.updated(
      stored: stored,
      changes: ["size": .int(9), "name": .string("g"), "md5Hash": .null, "contentType": .string("a/b")])
    #expect(updated["size"]?.displayText == "5")
    #expect(updated["name"]?.displayText == "'f'")
    #expect(updated["md5Hash"]?.displayText == "'x'")
    #expect(updated["contentType"]?.displayText == "'a/b'")
    #expect(Set(updated.keys) == Set(ObjectMetadata.uploadKeys))
  }
}

@Suite("update patch input")
struct PatchInputTests {
  @Test(
    "a patch that cannot be applied is refused with the field named",
    arguments: [
      (
        #"{"size": 5}"#,
        "\"requestResource.size\" cannot be changed by a metadata update (Cloud Storage ignores it); "
          + "an update can set cacheControl, contentDisposition, contentEncoding, contentLanguage, "
          + "contentType, metadata"
      ),
      (#"{"name": "other"}"#, "\"requestResource.name\" cannot be changed by a metadata update"),
      (#"{"timeCreated": null}"#, "\"requestResource.timeCreated\" cannot be changed by a metadata update"),
      (#"{"contenType": "x"}"#, "unknown metadata field \"requestResource.contenType\"; an update can set"),
      (#"{"contentType": 5}"#, "\"requestResource.contentType\" must be a string, or null to clear it"),
      (
        #"{"metadata": {"k": 1}}"#,
        "\"requestResource.metadata.k\" must be a string, or null to remove the key"
      ),
      (#"{"metadata": ["k"]}"#, "\"requestResource.metadata\" must be an object of strings"),
      (#"[]"#, "\"requestResource\" must be an object"),
    ])
  func refused(patch: String, message: String) throws {
    let line = #"{"method": "update", "path": "a", "requestResource": \#(patch)}"#
    let parsed = try JSONInputParser.parse(line)
    #expect(throws: RequestInputError.self) { try RequestInput(json: parsed) }
    do {
      _ = try RequestInput(json: parsed)
    } catch {
      #expect(error.message.hasPrefix(message), "\(error.message)")
    }
  }

  @Test func nullsAreKeptInThePatch() throws {
    let line =
      #"{"method": "update", "path": "a", "requestResource": {"contentType": null, "metadata": {"k": null, "j": "v"}}}"#
    let input = try RequestInput(json: try JSONInputParser.parse(line))
    #expect(input.requestResource?["contentType"]?.displayText == "null")
    #expect(input.requestResource?["metadata"]?.displayText == "{'j': 'v', 'k': null}")
  }

  /// Only an update is a patch: an upload's custom metadata values stay strings.
  @Test func anUploadKeepsItsStricterShape() throws {
    let line = #"{"method": "create", "path": "a", "requestResource": {"size": 5, "metadata": {"k": null}}}"#
    #expect(throws: RequestInputError("\"requestResource.metadata.k\" must be a string")) {
      try RequestInput(json: try JSONInputParser.parse(line))
    }
  }
}
