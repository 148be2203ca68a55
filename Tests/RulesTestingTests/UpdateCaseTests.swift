import RulesEvaluator
import RulesTesting
import Testing

/// Update cases: `requestResource` is a patch on the stored object (decisions.md §11).
@Suite("Update cases")
struct UpdateCaseTests {
  static let rules = """
    rules_version = '2';
    service firebase.storage {
      match /b/{bucket}/o/docs/{file} {
        allow update: if request.resource.metadata.owner == resource.metadata.owner
          && request.resource.contentType == resource.contentType;
      }
    }
    """

  static let suite = """
    rules: storage.rules
    time: 2025-06-01T12:00:00Z
    objects:
      docs/a.txt: {contentType: text/plain, contentEncoding: gzip, metadata: {owner: alice, tag: x}}
    cases:
      - name: removing a tag keeps the owner (keys are merged)
        request: {method: update, path: docs/a.txt, requestResource: {metadata: {tag: null}}}
        expect: allow
      - name: adding a key keeps the others
        request: {method: update, path: docs/a.txt, requestResource: {metadata: {tag: ~, new: y}}}
        expect: allow
      - name: removing the owner is refused
        request: {method: update, path: docs/a.txt, requestResource: {metadata: {owner: null}}}
        expect: deny
        error: Property owner is undefined on object.
      - name: removing every key is refused
        request: {method: update, path: docs/a.txt, requestResource: {metadata: null}}
        expect: deny
        error: Null value error.
      - name: clearing the content type is refused
        request: {method: update, path: docs/a.txt, requestResource: {contentType: null}}
        expect: deny
      - name: clearing the encoding leaves the rest
        request: {method: update, path: docs/a.txt, requestResource: {contentEncoding: null, cacheControl: no-store}}
        expect: allow
    """

  @Test func readsThePatchWithItsNulls() throws {
    let suite = try Fixtures.parse(Self.suite)
    let patches = suite.cases.map { $0.request.requestResource.map { Value.fields($0).displayText } }
    #expect(
      patches == [
        "{'metadata': {'tag': null}}", "{'metadata': {'new': 'y', 'tag': null}}",
        "{'metadata': {'owner': null}}", "{'metadata': null}", "{'contentType': null}",
        "{'cacheControl': 'no-store', 'contentEncoding': null}",
      ])
  }

  @Test func casesSeeTheStoredObjectWithThePatchApplied() throws {
    let run = Fixtures.run(try Fixtures.parse(Self.suite), rulesText: Self.rules)
    let results = try #require(run.suites.first?.cases)
    #expect(results.count == 6)
    for result in results { #expect(result.passed, "\(result.testCase.name): \(result.failures)") }
  }

  /// The same patch on another stored object, or on no object, is denied.
  @Test func theStoredObjectMatters() throws {
    let suite = try Fixtures.parse(
      """
      rules: storage.rules
      time: 2025-06-01T12:00:00Z
      cases:
        - name: own resource whose only key is removed
          request: {method: update, path: docs/a.txt, resource: {metadata: {tag: x}}, requestResource: {metadata: {tag: null}}}
          expect: deny
          error: Null value error.
        - name: no object
          request: {method: update, path: docs/a.txt, requestResource: {metadata: {tag: null}}}
          expect: deny
      """)
    let results = try #require(Fixtures.run(suite, rulesText: Self.rules).suites.first?.cases)
    #expect(results.map(\.actual) == [.deny, .deny])
    #expect(results.filter { !$0.passed }.isEmpty)
  }
}
