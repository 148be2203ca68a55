import RulesEvaluator

/// A rules unit-test suite as read from a `*.rules-test.yaml` or `.json` file.
public struct TestSuite: Sendable {
  /// The suite file, as given.
  public var path: String
  /// The rules file: the suite's `rules`, joined to the suite's folder.
  public var rulesPath: String
  /// Where `rules` was written, for errors about the rules file.
  public var rulesLocation: SuiteLocation
  /// The bucket of requests that name none (`bucket`; default `test-bucket`).
  public var bucket: String
  /// `request.time` of cases that give none.
  public var time: Timestamp
  public var firestore: FirestoreDocuments
  /// The objects stored in ``bucket`` before every case, by name, with the metadata given
  /// (defaults are filled in per decisions.md §11 when a request reads them).
  public var objects: [String: [String: Value]]
  public var cases: [TestCase]

  public init(
    path: String, rulesPath: String, rulesLocation: SuiteLocation = SuiteLocation(line: 1, column: 1),
    bucket: String = RequestInput.defaultBucket, time: Timestamp,
    firestore: FirestoreDocuments = FirestoreDocuments(),
    objects: [String: [String: Value]] = [:], cases: [TestCase] = []
  ) {
    self.path = path
    self.rulesPath = rulesPath
    self.rulesLocation = rulesLocation
    self.bucket = bucket
    self.time = time
    self.firestore = firestore
    self.objects = objects
    self.cases = cases
  }
}
