import RulesEvaluator
import RulesSemantics

extension TestSuite {
  /// The keys of a suite's top level.
  static let keys = ["$schema", "rules", "bucket", "time", "profiles", "firestore", "objects", "cases"]

  /// Reads a suite from its parsed document. `now` is `request.time` when the suite sets none;
  /// `readFile` reads a file named relative to the suite (a Firestore fixture).
  init(
    document root: SuiteNode, path: String, now: Timestamp,
    readFile: (String) -> Result<String, SuiteReadError>
  ) throws(SuiteError) {
    let reader = SuiteReader(file: path)
    let members = try reader.members(root, "the suite", allowed: Self.keys, required: ["rules", "cases"])
    guard let rules = members["rules"] else { throw reader.error(root.location, "the suite needs \"rules\"") }
    let rulesName = try reader.string(rules.value, "rules")
    self.init(
      path: path, rulesPath: SuitePaths.join(SuitePaths.folder(of: path), rulesName),
      rulesLocation: rules.value.location, time: now)
    if let bucket = members["bucket"] { self.bucket = try reader.string(bucket.value, "bucket") }
    if let time = members["time"] { self.time = try reader.timestamp(time.value, "time") }
    if let firestore = members["firestore"] {
      self.firestore = try Self.firestore(
        firestore.value, reader: reader, suitePath: path, readFile: readFile)
    }
    if let objects = members["objects"], !objects.value.isNull {
      for entry in try reader.entries(objects.value, "objects") {
        guard !entry.key.isEmpty else {
          throw reader.error(entry.keyLocation, "an object name cannot be empty")
        }
        self.objects[entry.key] = try reader.metadata(entry.value, "objects.\(entry.key)")
      }
    }
    var profiles: [String: AuthContext?] = [:]
    if let node = members["profiles"], !node.value.isNull {
      for entry in try reader.entries(node.value, "profiles") {
        profiles[entry.key] = try reader.auth(entry.value, "profile \"\(entry.key)\"")
      }
    }
    guard let cases = members["cases"] else { throw reader.error(root.location, "the suite needs \"cases\"") }
    let context = CaseReader(reader: reader, suite: self, profiles: profiles)
    for node in try reader.sequence(cases.value, "cases") { self.cases.append(try context.read(node)) }
  }

  /// Inline documents by path, or the name of a JSON file of them (as `simulate --firestore`).
  private static func firestore(
    _ node: SuiteNode, reader: SuiteReader, suitePath: String,
    readFile: (String) -> Result<String, SuiteReadError>
  ) throws(SuiteError) -> FirestoreDocuments {
    var json = node.json
    if case .scalar = node.kind, !node.isNull {
      let name = try reader.string(node, "firestore")
      let file = SuitePaths.join(SuitePaths.folder(of: suitePath), name)
      let text: String
      switch readFile(file) {
      case .success(let read): text = read
      case .failure(let error): throw reader.error(node.location, "cannot read \(file): \(error.reason)")
      }
      do {
        json = try JSONInputParser.parse(text)
      } catch {
        throw SuiteError(
          file: file, location: SuiteLocation(line: error.line, column: error.column),
          message: "malformed JSON: \(error.message)")
      }
    }
    if json == .null { return FirestoreDocuments() }
    do {
      return try FirestoreDocuments(json: json)
    } catch {
      throw reader.error(node.location, error.message)
    }
  }
}
