import RulesEvaluator
import RulesSemantics
import Testing

/// Deciding with ``CompiledRuleset/decide(_:firestore:eachStatementOutcome:)`` hands on, one by
/// one, the statements the ``TraceDetail/everyStatementOutcomes`` trace lists, and decides the
/// same; a request made with metadata recipes (``ObjectMetadataRecipe``) decides as one made
/// with the maps they name.
@Suite("Statement outcomes and metadata recipes")
struct StatementOutcomeTests {
  let time = Timestamp(seconds: 1_780_000_000, nanos: 0)

  static let source = """
    rules_version = '2';
    service firebase.storage {
      match /b/{bucket}/o {
        match /f/{name} {
          allow read: if request.auth != null;
          allow get: if [\(Array(repeating: "1", count: 600).joined(separator: ", "))].size() == 0;
          allow get: if request.auth.uid == 'alice' || true;
          allow write: if request.resource.size < 100 && request.resource.contentType == 'image/png';
          allow update: if request.resource.diff(resource).affectedKeys().hasOnly(['contentType']);
          allow delete: if resource.name == name && resource.size == 0;
        }
        match /{all=**} {
          allow get, create: if firestore.exists(/databases/(default)/documents/a/$(request.auth.uid));
          allow list: if request.auth.uid == 'alice';
        }
      }
    }
    """

  /// Requests of every method, signed in or not, over a stored object or none.
  func requests(recipes: Bool) -> [Request] {
    var result: [Request] = []
    for auth in [nil, AuthContext(uid: "alice"), AuthContext(uid: "bob")] {
      for method in RequestMethod.allCases {
        let stored: [String: Value] = ["contentType": .string("image/png")]
        let upload: [String: Value] = ["size": .int(10), "contentType": .string("image/png")]
        let changes: [String: Value] = ["contentType": .string("text/plain")]
        let path = method == .list ? "f" : "f/a"
        if recipes {
          let resource = ObjectMetadataRecipe.stored(name: path, bucket: "b", given: stored, time: time)
          let new: ObjectMetadataRecipe =
            switch method {
            case .create: .upload(name: path, bucket: "b", given: upload)
            case .update: .updated(stored: resource, changes: changes)
            default: .null
            }
          result.append(
            Request(
              method: method, bucket: "b", path: path, auth: auth,
              resource: method == .create ? .null : resource, requestResource: new, time: time))
        } else {
          let resource = ObjectMetadata.stored(name: path, bucket: "b", given: stored, time: time)
          let new: [String: Value]? =
            switch method {
            case .create: ObjectMetadata.upload(name: path, bucket: "b", given: upload)
            case .update: ObjectMetadata.updated(stored: resource, changes: changes)
            default: nil
            }
          result.append(
            Request(
              method: method, bucket: "b", path: path, auth: auth,
              resourceMap: method == .create ? .null : Value.fields(resource),
              requestResourceMap: new.map(Value.fields) ?? .null, time: time))
        }
      }
    }
    return result
  }

  /// Whether `left` and `right` are the same rules value of the same type, or the same error
  /// (or both absent).
  func same(_ left: Value?, _ right: Value?) -> Bool {
    switch (left, right) {
    case (nil, nil): true
    case (let left?, let right?):
      switch (left, right) {
      case (.error(let left), .error(let right)): left.message == right.message
      // Never equal as rules values; what they read is traced after them.
      case (.mapDiff, .mapDiff): true
      default: left.typeName == right.typeName && left.rulesEquals(right)
      }
    default: false
    }
  }

  @Test func eachStatementIsTheTracedOneInOrder() {
    let ruleset = CompiledRuleset(source: Self.source)
    for request in requests(recipes: true) {
      let traced = ruleset.decide(request, firestore: FirestoreDocuments(), detail: .everyStatementOutcomes)
      var handed: [(block: Int, statement: AllowTrace)] = []
      let decided = ruleset.decide(request, firestore: FirestoreDocuments()) { handed.append(($0, $1)) }
      #expect(decided.allowed == traced.allowed)
      #expect(decided.reason == traced.reason)
      #expect(decided.error == traced.error)
      #expect(decided.trace.isEmpty)
      let listed = traced.trace.flatMap { block in block.allows.map { (block.block, $0) } }
      #expect(handed.map(\.block) == listed.map(\.0))
      #expect(handed.map(\.statement.range) == listed.map(\.1.range))
      #expect(handed.map(\.statement.outcome) == listed.map(\.1.outcome))
    }
  }

  @Test func recipesDecideAsTheirMaps() {
    let ruleset = CompiledRuleset(source: Self.source)
    for (recipe, map) in zip(requests(recipes: true), requests(recipes: false)) {
      for detail in [TraceDetail.none, .values, .everyStatementValues] {
        let left = ruleset.decide(recipe, firestore: FirestoreDocuments(), detail: detail)
        let right = ruleset.decide(map, firestore: FirestoreDocuments(), detail: detail)
        #expect(left.allowed == right.allowed)
        #expect(left.reason == right.reason)
        let outcomes = { (decision: Decision) in decision.trace.flatMap { $0.allows.map(\.outcome) } }
        #expect(outcomes(left) == outcomes(right))
        let leftValues = left.trace.flatMap { $0.allows.flatMap(\.values) }
        let rightValues = right.trace.flatMap { $0.allows.flatMap(\.values) }
        #expect(leftValues.map(\.range) == rightValues.map(\.range))
        #expect(zip(leftValues, rightValues).allSatisfy { same($0.value, $1.value) })
      }
      #expect(same(recipe.resource.map(Value.fields), map.resource.map(Value.fields)))
      #expect(same(recipe.requestResource.map(Value.fields), map.requestResource.map(Value.fields)))
    }
  }
}
