import RulesSemantics

/// A request as users write it (`simulate` flags, a batch line, a test case), before the
/// production defaults are filled in.
public struct RequestInput: Sendable {
  public var method: RequestMethod
  /// The object name, or for `list` the folder; slashes are normalised.
  public var path: String
  public var bucket: String?
  public var auth: AuthContext?
  /// The stored object's metadata as given; nil when no object exists.
  public var resource: [String: Value]?
  /// The new metadata (for `create`) as given, or the patch (for `update`): fields to set,
  /// `.null` to clear one (see ``ObjectMetadata/updated(stored:changes:)``).
  public var requestResource: [String: Value]?
  public var time: Timestamp?

  public init(
    method: RequestMethod, path: String, bucket: String? = nil, auth: AuthContext? = nil,
    resource: [String: Value]? = nil, requestResource: [String: Value]? = nil, time: Timestamp? = nil
  ) {
    self.method = method
    self.path = path
    self.bucket = bucket
    self.auth = auth
    self.resource = resource
    self.requestResource = requestResource
    self.time = time
  }

  /// The bucket used when a request names none.
  public static let defaultBucket = "test-bucket"

  /// The complete request: metadata defaults per decisions.md §11, `request.resource` of an
  /// update is the stored object with the patch applied.
  public func request(defaultBucket: String = RequestInput.defaultBucket, now: Timestamp) -> Request {
    let bucket = bucket ?? defaultBucket
    let time = time ?? now
    // The path is split once; the metadata maps are built when a rule reads them whole
    // (``ObjectMetadataValue``).
    let (segments, name) = Request.segments(of: path, bucket: bucket)
    let stored = resource.map {
      ObjectMetadata.storedValue(name: name, bucket: bucket, given: $0, time: time)
    }
    var newMetadata = ObjectMetadataValue.null
    switch method {
    case .create:
      let lastSegment = segments.count > 3 ? segments[segments.count - 1] : name
      newMetadata = ObjectMetadata.uploadValue(
        name: name, lastSegment: lastSegment, bucket: bucket, given: requestResource ?? [:])
    case .update:
      if let stored {
        newMetadata = ObjectMetadata.updatedValue(stored: stored, changes: requestResource ?? [:])
      }
    case .get, .list, .delete:
      break
    }
    return Request(
      method: method, bucket: bucket, segments: segments, path: name, auth: auth,
      resource: stored ?? .null, requestResource: newMetadata, time: time)
  }
}

extension RequestInput {
  /// Whether `path` is non-empty and has no empty segment: no leading, trailing or doubled
  /// slash.
  public static func isNormalized(_ path: String) -> Bool {
    var previous = UInt8(ascii: "/")
    for byte in path.utf8 {
      if byte == UInt8(ascii: "/"), previous == byte { return false }
      previous = byte
    }
    return previous != UInt8(ascii: "/")
  }
}

/// Why a request input could not be read; `field` names where.
public struct RequestInputError: Error, Sendable, Equatable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

extension RequestInput {
  /// The keys a JSON request may have.
  public static let keys = ["method", "path", "bucket", "auth", "resource", "requestResource", "time"]

  /// Reads a JSON request object (the batch line shape of cli.md).
  public init(json: JSONInput) throws(RequestInputError) {
    var users: [MapKey: AuthContext] = [:]
    try self.init(json: json, users: &users)
  }

  /// ``init(json:)``, taking a user without token claims from `users` when it holds one with
  /// the same uid (and adding it otherwise), so that the lines of a batch share the
  /// `request.auth` of each user instead of building it per line. `defaults` fills in a
  /// missing or null `bucket` and a missing `auth` (``RequestBatch/Defaults``).
  ///
  /// The members are read in one pass; the checks and their messages come in the order they
  /// always had (unknown keys first, then method, path, bucket, auth, resource,
  /// requestResource, time).
  init(
    json: JSONInput, users: inout [MapKey: AuthContext],
    defaults: RequestBatch.Defaults = RequestBatch.Defaults()
  ) throws(RequestInputError) {
    guard case .object(let members) = json else { throw RequestInputError("a request must be a JSON object") }
    // One slot per key of `keys`, on the stack.
    var fields: (JSONInput?, JSONInput?, JSONInput?, JSONInput?, JSONInput?, JSONInput?, JSONInput?)
    fields = (nil, nil, nil, nil, nil, nil, nil)
    for member in members {
      switch Self.field(member.key) {
      case 0?: fields.0 = member.value
      case 1?: fields.1 = member.value
      case 2?: fields.2 = member.value
      case 3?: fields.3 = member.value
      case 4?: fields.4 = member.value
      case 5?: fields.5 = member.value
      case 6?: fields.6 = member.value
      default:
        let expected = Self.keys.joined(separator: ", ")
        throw RequestInputError("unknown key \"\(member.key)\"; expected \(expected)")
      }
    }
    guard case .string(let methodName)? = fields.0 else {
      throw RequestInputError("\"method\" must be one of get, list, create, update, delete")
    }
    guard let method = RequestMethod(rawValue: methodName) else {
      throw RequestInputError(
        "unknown method \"\(methodName)\"; expected get, list, create, update or delete")
    }
    var path = ""
    switch fields.1 {
    case .string(let text)?: path = text
    case nil where method == .list: path = ""
    default: throw RequestInputError("\"path\" must be a string")
    }
    let bucket: String?
    switch fields.2 {
    case nil, .null?: bucket = defaults.bucket
    case .string(let text)?: bucket = text
    default: throw RequestInputError("\"bucket\" must be a string")
    }
    var auth = defaults.auth
    if let json = fields.3 { auth = try Self.auth(json, users: &users) }
    var resource: [String: Value]?
    if let json = fields.4, json != .null { resource = try Self.metadata(json, field: "resource") }
    var requestResource: [String: Value]?
    if let changes = fields.5, changes != .null {
      requestResource =
        method == .update
        ? try Self.patch(changes, field: "requestResource")
        : try Self.metadata(changes, field: "requestResource")
    }
    var time: Timestamp?
    switch fields.6 {
    case nil, .null?: break
    case .string(let text)?:
      guard let parsed = RFC3339.parse(text) else {
        throw RequestInputError("\"time\" is not an RFC 3339 timestamp: \"\(text)\"")
      }
      time = parsed
    default: throw RequestInputError("\"time\" must be an RFC 3339 string")
    }
    // Built once, not built empty and then set field by field (each set copied the request).
    self.init(
      method: method, path: path, bucket: bucket, auth: auth, resource: resource,
      requestResource: requestResource, time: time)
  }

  /// The position of `key` in ``keys``, or nil for an unknown key. The length is checked
  /// first, so most keys are compared with one other; `==` is code-unit equality here, as no
  /// other text is canonically equivalent to these ASCII keys.
  private static func field(_ key: String) -> Int? {
    switch key.utf8.count {
    case 4: key == "path" ? 1 : key == "auth" ? 3 : key == "time" ? 6 : nil
    case 6: key == "method" ? 0 : key == "bucket" ? 2 : nil
    case 8: key == "resource" ? 4 : nil
    case 15: key == "requestResource" ? 5 : nil
    default: nil
    }
  }

  /// The user `uid` without token claims: the one in `users` with that uid (compared by code
  /// units, as ``MapKey`` does), else a new one, added to `users`.
  static func user(_ uid: String, users: inout [MapKey: AuthContext]) -> AuthContext {
    let key = MapKey(uid)
    if let known = users[key] { return known }
    let user = AuthContext(uid: uid)
    users[key] = user
    return user
  }

  /// `null` (unauthenticated) or `{"uid": "...", "token": {...}}`.
  public static func auth(_ json: JSONInput) throws(RequestInputError) -> AuthContext? {
    var users: [MapKey: AuthContext] = [:]
    return try auth(json, users: &users)
  }

  /// ``auth(_:)``; a user without claims is taken from, or added to, `users` by uid (compared
  /// by code units, as ``MapKey`` does).
  static func auth(
    _ json: JSONInput, users: inout [MapKey: AuthContext]
  ) throws(RequestInputError) -> AuthContext? {
    if case .null = json { return nil }
    guard case .object(let members) = json else {
      throw RequestInputError("\"auth\" must be an object or null")
    }
    for member in members where member.key != "uid" && member.key != "token" {
      throw RequestInputError("unknown key \"\(member.key)\" in \"auth\"; expected uid and token")
    }
    guard case .string(let uid)? = json["uid"] else {
      throw RequestInputError("\"auth.uid\" must be a string")
    }
    var token: [MapKey: Value] = [:]
    switch json["token"] {
    case nil, .null?: return user(uid, users: &users)
    case .object(let claims)?: for claim in claims { token[MapKey(claim.key)] = Value(json: claim.value) }
    default: throw RequestInputError("\"auth.token\" must be an object")
    }
    return AuthContext(uid: uid, token: token)
  }
}

extension Value {
  /// A JSON value as a rules value: integers are ints, other numbers floats, objects maps (their
  /// member names compared by code units, so `"\u00e9"` and `"e\u0301"` are two keys).
  public init(json: JSONInput) {
    switch json {
    case .null: self = .null
    case .bool(let value): self = .bool(value)
    case .integer(let value): self = .int(value)
    case .number(let value): self = .float(value)
    case .string(let value): self = .string(value)
    case .array(let values): self = .list(values.map(Value.init(json:)))
    case .object(let members):
      self = .map(
        Dictionary(
          members.enumerated().map { position, member in
            (MapKey(member.key, position: Int32(truncatingIfNeeded: position)), Value(json: member.value))
          }, uniquingKeysWith: { _, last in last }))
    }
  }
}

extension FirestoreDocuments {
  /// Documents from `{"/databases/(default)/documents/users/alice": {...}, ...}`; a key that
  /// does not start with `/databases/` is taken as relative to `/databases/(default)/documents/`.
  public init(json: JSONInput) throws(RequestInputError) {
    guard case .object(let members) = json else {
      throw RequestInputError("the Firestore fixture must be an object of documents by path")
    }
    var documents: [MapKey: [MapKey: Value]] = [:]
    for (key, value) in members {
      guard case .map(let data) = Value(json: value) else {
        throw RequestInputError("Firestore document \"\(key)\" must be an object")
      }
      let segments = PathValue(parsing: key).segments
      let isFull = segments.first.map { JavaString.equal($0, "databases") } ?? false
      let full = isFull ? segments : ["databases", "(default)", "documents"] + segments
      documents[MapKey("/" + full.joined(separator: "/"))] = data
    }
    self.init(documents)
  }
}
