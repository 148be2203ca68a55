import RulesEvaluator
import Testing

/// `RequestInput.request` builds its path segments and metadata maps directly; these tests hold
/// it to the public, field-by-field construction it replaces (``ObjectMetadata`` then
/// `Request.init`).
@Suite("Building requests from RequestInput")
struct RequestBuildingTests {
  let time = Timestamp(seconds: 1_780_000_000, nanos: 5)

  /// The request the public API builds from the same input.
  func reference(_ input: RequestInput) -> Request {
    let bucket = input.bucket ?? RequestInput.defaultBucket
    let name = input.path.split(separator: "/").joined(separator: "/")
    let stored = input.resource.map {
      ObjectMetadata.stored(name: name, bucket: bucket, given: $0, time: input.time ?? time)
    }
    var new: [String: Value]?
    switch input.method {
    case .create: new = ObjectMetadata.upload(name: name, bucket: bucket, given: input.requestResource ?? [:])
    case .update:
      new = stored.map { ObjectMetadata.updated(stored: $0, changes: input.requestResource ?? [:]) }
    default: new = nil
    }
    return Request(
      method: input.method, bucket: bucket, path: name, auth: input.auth, resource: stored,
      requestResource: new, time: input.time ?? time)
  }

  func same(_ left: [String: Value]?, _ right: [String: Value]?) -> Bool {
    switch (left, right) {
    case (nil, nil): true
    case (let left?, let right?): Value.fields(left).rulesEquals(Value.fields(right))
    default: false
    }
  }

  /// Inputs of every method, with paths to normalise and metadata to merge, including keys
  /// equal only canonically (shared with ``DeferredMetadataTests``).
  static let inputs: [RequestInput] = [
    RequestInput(method: .get, path: "users/alice/a.png", resource: ["size": .int(3)]),
    RequestInput(method: .get, path: "//users//alice/a.png/", bucket: "b2", resource: [:]),
    RequestInput(method: .list, path: ""),
    RequestInput(method: .list, path: "/users/", resource: ["size": .int(1)]),
    RequestInput(
      method: .create, path: "users/alice/photos/a very long file name.png",
      requestResource: ["size": .int(5), "contentType": .string("image/png"), "timeCreated": .int(1)]),
    RequestInput(method: .create, path: "x", requestResource: ["metadata": .map(["k": .string("v")])]),
    RequestInput(
      method: .update, path: "a/b",
      resource: ["contentType": .string("text/plain"), "metadata": .map(["a": .string("1")])],
      requestResource: ["contentEncoding": .null, "metadata": .map(["a": .null]), "size": .int(9)]),
    RequestInput(method: .update, path: "a/b", requestResource: ["contentType": .string("x")]),
    RequestInput(method: .delete, path: "é/e\u{301}", resource: ["e\u{301}": .int(1)]),
    RequestInput(method: .create, path: "ü", requestResource: ["\u{212A}ey": .int(1)]),
  ]

  @Test("the same request as the public construction", arguments: inputs)
  func sameAsPublicConstruction(input: RequestInput) {
    let built = input.request(now: time)
    let expected = reference(input)
    #expect(built.path == expected.path)
    #expect(built.fullPath == expected.fullPath)
    #expect(built.bucket == expected.bucket)
    #expect(same(built.resource, expected.resource))
    #expect(same(built.requestResource, expected.requestResource))
  }

  @Test func pathsAreSplitOnceAndNormalised() {
    let request = RequestInput(method: .get, path: "//a///b c/d.png//").request(now: time)
    #expect(request.path == "a/b c/d.png")
    #expect(request.fullPath == "/b/test-bucket/o/a/b c/d.png")
    let root = RequestInput(method: .list, path: "///").request(now: time)
    #expect(root.path == "")
    #expect(root.fullPath == "/b/test-bucket/o")
  }

  @Test func changingTheUserChangesRequestAuth() {
    let ruleset = CompiledRuleset(
      source: """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /{name} { allow read: if request.auth.uid == 'bob' && request.auth.token.sub == 'bob'; }
          }
        }
        """, path: "auth.rules")
    var auth = AuthContext(uid: "alice")
    let input = { (auth: AuthContext) in RequestInput(method: .get, path: "f", auth: auth) }
    #expect(!ruleset.decide(input(auth).request(now: time)).allowed)
    auth.uid = "bob"
    #expect(ruleset.decide(input(auth).request(now: time)).allowed)
    auth.token = ["sub": .string("carol")]
    #expect(!ruleset.decide(input(auth).request(now: time)).allowed)
  }

  @Test func batchLinesOfOneUserShareItButSpellingsStayApart() throws {
    let text = [
      #"{"method": "get", "path": "a", "auth": {"uid": "\u00e9"}}"#,
      #"{"method": "get", "path": "b", "auth": {"uid": "e\u0301"}}"#,
      #"{"method": "get", "path": "c", "auth": {"uid": "\u00e9"}}"#,
      #"{"method": "get", "path": "d", "auth": {"uid": "\u00e9", "token": {"admin": true}}}"#,
    ].joined(separator: "\n")
    let inputs = try RequestBatch.parse(text)
    let uids = inputs.map { Array(($0.auth?.uid ?? "").utf8) }
    #expect(uids == [[0xC3, 0xA9], [0x65, 0xCC, 0x81], [0xC3, 0xA9], [0xC3, 0xA9]])
    #expect(inputs[1].auth?.token.isEmpty == true)
    #expect(inputs[3].auth?.token[MapKey("admin")]?.rulesEquals(.bool(true)) == true)
    let ruleset = CompiledRuleset(
      source: """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /{name} { allow read: if request.auth.uid == 'e\u{301}' || request.auth.token.admin == true; }
          }
        }
        """, path: "auth.rules")
    let allowed = inputs.map { ruleset.decide($0.request(now: time)).allowed }
    #expect(allowed == [false, true, false, true])
  }

  /// `replacing(auth:)` re-addresses a built request: everything but the user is kept, and the
  /// rules see the new user (and only it).
  @Test func replacingTheUserKeepsTheRestOfTheRequest() {
    let ruleset = CompiledRuleset(
      source: """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /u/{uid}/{name} {
              allow create: if request.auth.uid == uid && request.resource.size < 100;
            }
          }
        }
        """)
    let original = Request(
      method: .create, bucket: "bk", path: "/u/alice//f.png", auth: AuthContext(uid: "bob"),
      requestResource: ObjectMetadata.upload(name: "u/alice/f.png", bucket: "bk", given: ["size": .int(10)]),
      time: time)
    let replaced = original.replacing(auth: AuthContext(uid: "alice"))
    #expect(!ruleset.decide(original).allowed)
    #expect(ruleset.decide(replaced).allowed)
    #expect(replaced.auth?.uid == "alice" && original.auth?.uid == "bob")
    #expect(replaced.method == .create && replaced.path == "u/alice/f.png")
    #expect(replaced.fullPath == original.fullPath)
    #expect(same(replaced.requestResource, original.requestResource))
    #expect(replaced.resource == nil)
    #expect(!ruleset.decide(original.replacing(auth: nil)).allowed)
  }

  /// Requests built from shared metadata maps (``Value/fields(_:)`` built once) are the
  /// requests built from the metadata dictionaries, for every method: list drops both maps,
  /// get and delete the new one.
  @Test("shared metadata maps build the same request", arguments: inputs)
  func sharedMetadataMapsBuildTheSameRequest(input: RequestInput) {
    let expected = reference(input)
    let stored = input.resource.map { Value.fields($0) } ?? .null
    let new = input.requestResource.map { Value.fields($0) } ?? .null
    let built = Request(
      method: input.method, bucket: input.bucket ?? RequestInput.defaultBucket, path: input.path,
      auth: input.auth, resourceMap: expected.resource.map(Value.fields) ?? .null,
      requestResourceMap: expected.requestResource.map(Value.fields) ?? .null, time: input.time ?? time)
    #expect(built.path == expected.path)
    #expect(built.fullPath == expected.fullPath)
    #expect(same(built.resource, expected.resource))
    #expect(same(built.requestResource, expected.requestResource))
    // The maps as given, not rebuilt: a list keeps neither, a get or a delete no new one.
    let raw = Request(
      method: input.method, bucket: "b", path: input.path, auth: nil, resourceMap: stored,
      requestResourceMap: new, time: time)
    #expect((raw.resource == nil) == (input.method == .list || input.resource == nil))
    let keepsNew = input.method == .create || input.method == .update
    #expect((raw.requestResource == nil) == (!keepsNew || input.requestResource == nil))
  }
}
