import RulesSemantics

/// The signed-in user of a request.
public struct AuthContext: Sendable {
  public var uid: String
  /// Token claims; `sub` defaults to the uid (decisions.md §10).
  public var token: [MapKey: Value]

  public init(uid: String, token: [MapKey: Value] = [:]) {
    self.uid = uid
    self.token = token
  }

  /// `request.auth` as the rules see it.
  var value: Value {
    var claims = token
    if claims["sub"] == nil { claims["sub"] = .string(uid) }
    return .map(["uid": .string(uid), "token": .map(claims)])
  }
}

/// One Storage request to decide: a method on an object name (or, for `list`, a folder).
public struct Request: Sendable {
  public let method: RequestMethod
  public let bucket: String
  /// The object name (for `list`, the folder; "" is the bucket root), normalised like
  /// `StorageReference.child`: no leading, trailing or repeated slashes.
  public let path: String
  public let auth: AuthContext?
  /// The stored object's metadata (`resource`), complete; nil when no object exists.
  public let resource: [String: Value]?
  /// The new metadata (`request.resource`) for `create` and `update`, complete.
  public let requestResource: [String: Value]?
  public let time: Timestamp

  let segments: [String]
  /// What match patterns are tested against: `b`, the bucket, `o`, the object name's segments,
  /// and for `list` one more (empty) segment standing for the hypothetical child.
  let matchSegments: [String]
  let pathValue: Value
  let authValue: Value
  let resourceValue: Value
  let requestResourceValue: Value

  /// A request; `resource` and `requestResource` are used as given (see ``ObjectMetadata``
  /// for the production defaults). For `list`, both are ignored: they are null.
  public init(
    method: RequestMethod, bucket: String, path: String, auth: AuthContext? = nil,
    resource: [String: Value]? = nil, requestResource: [String: Value]? = nil, time: Timestamp
  ) {
    self.method = method
    self.bucket = bucket
    self.segments = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map {
      String(Substring($0))
    }
    self.path = segments.joined(separator: "/")
    self.auth = auth
    self.time = time
    let isList = method == .list
    self.resource = isList ? nil : resource
    self.requestResource = isList || method == .get || method == .delete ? nil : requestResource
    self.pathValue = .path(PathValue(segments: ["b", bucket, "o"] + segments))
    self.matchSegments = ["b", bucket, "o"] + segments + (isList ? [""] : [])
    self.authValue = auth?.value ?? .null
    self.resourceValue = self.resource.map(Value.fields) ?? .null
    self.requestResourceValue = self.requestResource.map(Value.fields) ?? .null
  }

  /// `request.path` as text: `/b/<bucket>/o/<path>`.
  public var fullPath: String {
    segments.isEmpty ? "/b/\(bucket)/o" : "/b/\(bucket)/o/\(path)"
  }

  /// The `request` map, built when a rule uses `request` as a whole.
  var requestValue: Value {
    .map([
      "auth": authValue, "path": pathValue, "time": .timestamp(time), "resource": requestResourceValue,
      "params": .map([:]), "method": .string(method.rawValue),
    ])
  }

  func field(_ field: RequestField) -> Value {
    switch field {
    case .auth: authValue
    case .path: pathValue
    case .time: .timestamp(time)
    case .resource: requestResourceValue
    case .params: .map([:])
    case .method: .string(method.rawValue)
    }
  }
}
