import RulesEvaluator
import RulesSemantics

/// Reads the cases of one suite, resolving profiles and stored objects.
struct CaseReader {
  let reader: SuiteReader
  let suite: TestSuite
  let profiles: [String: AuthContext?]

  static let caseKeys = ["name", "request", "expect", "error", "listing"]
  static let requestKeys = [
    "method", "path", "bucket", "auth", "resource", "requestResource", "time", "maxResults", "pageToken",
    "all",
  ]
  static let listingKeys = ["prefixes", "items", "nextPageToken"]

  func read(_ node: SuiteNode) throws(SuiteError) -> TestCase {
    let members = try reader.members(
      node, "a case", allowed: Self.caseKeys, required: ["name", "request", "expect"])
    guard let nameNode = members["name"], let requestNode = members["request"],
      let expectNode = members["expect"]
    else { throw reader.error(node.location, "a case needs name, request and expect") }
    let name = try reader.string(nameNode.value, "name")
    let (request, listing) = try self.request(requestNode.value)
    let verdictText = try reader.string(expectNode.value, "expect")
    guard let verdict = Expectation.Verdict(rawValue: verdictText) else {
      throw reader.error(expectNode.value.location, "expect must be allow or deny, not \"\(verdictText)\"")
    }
    var expectation = Expectation(verdict: verdict)
    if let error = members["error"] {
      guard verdict == .deny else {
        throw reader.error(
          error.keyLocation, "\"error\" needs expect: deny (an allowed request has no error)")
      }
      expectation.errorContains = try reader.string(error.value, "error")
    }
    if let listingNode = members["listing"] {
      guard request.method == .list, verdict == .allow else {
        throw reader.error(listingNode.keyLocation, "\"listing\" needs a list request and expect: allow")
      }
      expectation.listing = try self.listing(listingNode.value)
    }
    return TestCase(
      name: name, location: node.location, request: request, listing: listing, expectation: expectation)
  }

  private func request(_ node: SuiteNode) throws(SuiteError) -> (RequestInput, ListingOptions) {
    let members = try reader.members(node, "a request", allowed: Self.requestKeys, required: ["method"])
    guard let methodNode = members["method"] else {
      throw reader.error(node.location, "a request needs method")
    }
    let methodName = try reader.string(methodNode.value, "method")
    guard let method = RequestMethod(rawValue: methodName) else {
      throw reader.error(
        methodNode.value.location,
        "unknown method \"\(methodName)\"; expected get, list, create, update or delete")
    }
    var path = ""
    if let pathNode = members["path"] {
      path = try reader.string(pathNode.value, "path")
    } else if method != .list {
      throw reader.error(node.location, "a \(method.rawValue) request needs \"path\"")
    }
    var input = RequestInput(method: method, path: path, bucket: suite.bucket)
    if let bucket = members["bucket"] { input.bucket = try reader.string(bucket.value, "bucket") }
    if let auth = members["auth"] { input.auth = try self.auth(auth.value) }
    if let time = members["time"] { input.time = try reader.timestamp(time.value, "time") }
    input.time = input.time ?? suite.time
    try resource(members["resource"], into: &input)
    if let changes = members["requestResource"] {
      guard method == .create || method == .update else {
        throw reader.error(changes.keyLocation, "only create and update requests have a requestResource")
      }
      input.requestResource = try reader.metadata(changes.value, "requestResource", patch: method == .update)
    }
    return (input, try listingOptions(members, method: method))
  }

  /// `resource` as given (null: no object), else the stored object at the path, if any.
  private func resource(_ entry: SuiteNode.Entry?, into input: inout RequestInput) throws(SuiteError) {
    if let entry {
      guard input.method != .list else {
        throw reader.error(entry.keyLocation, "a list request has no resource (it is null when listing)")
      }
      input.resource = entry.value.isNull ? nil : try reader.metadata(entry.value, "resource")
      return
    }
    guard input.method != .list, input.bucket == suite.bucket else { return }
    let name =
      RequestInput.isNormalized(input.path)
      ? input.path : input.path.split(separator: "/").joined(separator: "/")
    guard var stored = suite.objects[name] else { return }
    for key in ["timeCreated", "updated"] where stored[key] == nil { stored[key] = .timestamp(suite.time) }
    input.resource = stored
  }

  private func auth(_ node: SuiteNode) throws(SuiteError) -> AuthContext? {
    guard case .scalar(_, _) = node.kind, !node.isNull else { return try reader.auth(node, "auth") }
    let name = try reader.string(node, "auth")
    guard let profile = profiles[name] else {
      let known = profiles.keys.sorted()
      let hint = SuiteReader.closest(to: name, in: known).map { "; did you mean \"\($0)\"?" } ?? ""
      let list =
        known.isEmpty ? "the suite defines no profiles" : "profiles: \(known.joined(separator: ", "))"
      throw reader.error(node.location, "unknown profile \"\(name)\"\(hint) (\(list))")
    }
    return profile
  }

  private func listingOptions(
    _ members: SuiteMembers, method: RequestMethod
  ) throws(SuiteError) -> ListingOptions {
    var options = ListingOptions()
    for key in ["maxResults", "pageToken", "all"] {
      if let entry = members[key], method != .list {
        throw reader.error(entry.keyLocation, "\"\(key)\" applies to list requests only")
      }
    }
    if let entry = members["maxResults"] {
      let value = try reader.integer(entry.value, "maxResults")
      guard (1...1_000).contains(value) else {
        throw reader.error(
          entry.value.location, "Argument 'maxResults' must be between 1 and 1000 inclusive.")
      }
      options.maxResults = Int(value)
    }
    if let entry = members["pageToken"] { options.pageToken = try reader.string(entry.value, "pageToken") }
    if let entry = members["all"] {
      options.all = try reader.bool(entry.value, "all")
      if options.all, let other = members["maxResults"] ?? members["pageToken"] {
        throw reader.error(other.keyLocation, "\"all\" lists every page; it takes no \"\(other.key)\"")
      }
    }
    return options
  }

  private func listing(_ node: SuiteNode) throws(SuiteError) -> ListingExpectation {
    let members = try reader.members(node, "listing", allowed: Self.listingKeys)
    var expectation = ListingExpectation()
    if let prefixes = members["prefixes"] {
      expectation.prefixes = try reader.strings(prefixes.value, "prefixes")
    }
    if let items = members["items"] { expectation.items = try reader.strings(items.value, "items") }
    if let token = members["nextPageToken"] {
      expectation.nextPageToken = try reader.bool(token.value, "nextPageToken")
    }
    return expectation
  }
}
