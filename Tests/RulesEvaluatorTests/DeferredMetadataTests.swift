import Testing

@testable import RulesEvaluator

/// A request built from input keeps `resource` and `request.resource` as recipes
/// (``ObjectMetadataValue``): a field read answers from the recipe, the whole map is built on
/// first use. These tests hold both to the map the recipe stands for.
@Suite("Deferred object metadata")
struct DeferredMetadataTests {
  let time = Timestamp(seconds: 1_780_000_000, nanos: 5)

  /// ``RequestBuildingTests/inputs``, and a delete and an update whose metadata is empty and an
  /// upload that gives a field an upload never has.
  static let inputs: [RequestInput] =
    RequestBuildingTests.inputs + [
      RequestInput(method: .delete, path: "a", resource: [:]),
      RequestInput(method: .update, path: "a/b", resource: ["size": .int(1)], requestResource: [:]),
      RequestInput(method: .create, path: "k", requestResource: ["Key": .int(2), "updated": .int(3)]),
    ]

  /// Every field a map can have, names it cannot, and spellings equal only canonically.
  static let names =
    ObjectMetadata.storedKeys + ["nonexistent", "Key", "\u{212A}ey", "é", "e\u{301}", ""]

  /// The entry `name` of the built map `value`.
  func entry(_ value: Value, _ name: String) -> Value? {
    guard case .map(let map) = value else { return nil }
    return Operators.entry(map, name)
  }

  func same(_ left: Value?, _ right: Value?) -> Bool {
    switch (left, right) {
    case (nil, nil): true
    case (let left?, let right?): left.rulesEquals(right) && left.typeName == right.typeName
    default: false
    }
  }

  @Test("a field read from the recipe is the built map's entry", arguments: inputs)
  func fieldsMatchTheBuiltMap(input: RequestInput) {
    let built = input.request(now: time).context
    let resource = built.resource.value
    let requestResource = built.requestResource.value
    for name in Self.names {
      // A fresh request each time, so that no read builds the map first.
      let fresh = input.request(now: time).context
      #expect(same(fresh.resource.field(name), entry(resource, name)), "resource.\(name)")
      #expect(
        same(fresh.requestResource.field(name), entry(requestResource, name)), "request.resource.\(name)")
      // And once the map is built, from it.
      #expect(same(built.resource.field(name), entry(resource, name)))
      #expect(same(built.requestResource.field(name), entry(requestResource, name)))
    }
  }

  @Test("the recipes are deferred for input with ASCII keys, built for others")
  func deferredOnlyForASCIIKeys() {
    func isDeferred(_ value: ObjectMetadataValue) -> Bool {
      if case .deferred = value { return true }
      return false
    }
    let get = RequestInput(method: .get, path: "users/alice/a.png", resource: ["size": .int(3)])
    #expect(isDeferred(get.request(now: time).context.resource))
    let create = RequestInput(method: .create, path: "x", requestResource: ["size": .int(5)])
    #expect(isDeferred(create.request(now: time).context.requestResource))
    let update = RequestInput(
      method: .update, path: "a/b", resource: ["contentType": .string("text/plain")],
      requestResource: ["contentEncoding": .null])
    #expect(isDeferred(update.request(now: time).context.requestResource))
    let decomposed = RequestInput(method: .delete, path: "é/e\u{301}", resource: ["e\u{301}": .int(1)])
    #expect(!isDeferred(decomposed.request(now: time).context.resource))
    let kelvin = RequestInput(method: .create, path: "ü", requestResource: ["\u{212A}ey": .int(1)])
    #expect(!isDeferred(kelvin.request(now: time).context.requestResource))
  }

  /// Deciding without a trace reads fields from the recipe; with one, from the built map: the
  /// decisions agree for conditions on every field, and a whole-map use after a field read
  /// sees the same values.
  @Test("decisions read the same fields with and without a trace", arguments: inputs)
  func decisionsAgree(input: RequestInput) {
    let identifiers = ObjectMetadata.storedKeys + ["nonexistent", "Key"]
    for name in identifiers {
      for root in ["resource", "request.resource"] {
        let ruleset = CompiledRuleset(
          source: """
            rules_version = '2';
            service firebase.storage {
              match /b/{bucket}/o {
                match /{path=**} {
                  allow read, write: if \(root).\(name) == null
                    || \(root).\(name) is string && \(root).\(name).size() > 3
                    || \(root).\(name) is int && \(root).\(name) > 2
                    || \(root).\(name) is map && \(root).\(name).size() >= 0 && \(root).keys().size() > 0;
                }
              }
            }
            """)
        let fast = ruleset.decide(input.request(now: time))
        let traced = ruleset.decide(input.request(now: time), trace: true)
        #expect(fast.allowed == traced.allowed, "\(root).\(name) on \(input.method)")
        #expect(fast.reason == traced.reason, "\(root).\(name) on \(input.method)")
      }
    }
  }
}
