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
///
/// Its fields live in one shared ``RequestContext``, built once, so that copying a request
/// retains a single object.
public struct Request: Sendable {
  /// What deciding reads, built once here and shared by every copy of the request.
  let context: RequestContext

  public var method: RequestMethod { context.method }
  public var bucket: String { context.bucket }
  /// The object name (for `list`, the folder; "" is the bucket root), normalised like
  /// `StorageReference.child`: no leading, trailing or repeated slashes.
  public var path: String { context.path }
  public var auth: AuthContext? { context.auth }
  /// The stored object's metadata (`resource`), complete; nil when no object exists.
  public var resource: [String: Value]? { context.resource }
  /// The new metadata (`request.resource`) for `create` and `update`, complete.
  public var requestResource: [String: Value]? { context.requestResource }
  public var time: Timestamp { context.time }

  /// A request; `resource` and `requestResource` are used as given (see ``ObjectMetadata``
  /// for the production defaults). For `list`, both are ignored: they are null.
  public init(
    method: RequestMethod, bucket: String, path: String, auth: AuthContext? = nil,
    resource: [String: Value]? = nil, requestResource: [String: Value]? = nil, time: Timestamp
  ) {
    let segments = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map {
      String(Substring($0))
    }
    // A path without leading, trailing or repeated slashes is already normalised.
    let length = segments.reduce(max(0, segments.count - 1)) { $0 + $1.utf8.count }
    let normalised = length == path.utf8.count ? path : segments.joined(separator: "/")
    let isList = method == .list
    self.context = RequestContext(
      method: method, bucket: bucket, segments: segments, path: normalised, auth: auth, time: time,
      resource: isList ? nil : resource,
      requestResource: isList || method == .get || method == .delete ? nil : requestResource)
  }

  /// `request.path` as text: `/b/<bucket>/o/<path>`.
  public var fullPath: String { context.fullPath }
}
