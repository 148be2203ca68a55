import RulesSemantics

/// The signed-in user of a request.
///
/// `request.auth` as the rules see it is built when the user is made or changed, so that every
/// request of the same user (a batch's default user, a suite's profile) shares it.
public struct AuthContext: Sendable {
  public var uid: String {
    didSet { value = Self.value(uid: uid, token: token) }
  }
  /// Token claims; `sub` defaults to the uid (decisions.md §10).
  public var token: [MapKey: Value] {
    didSet { value = Self.value(uid: uid, token: token) }
  }
  /// `request.auth` as the rules see it.
  private(set) var value: Value

  public init(uid: String, token: [MapKey: Value] = [:]) {
    self.uid = uid
    self.token = token
    self.value = Self.value(uid: uid, token: token)
  }

  /// The `request.auth` map of `uid` and `token`.
  private static func value(uid: String, token: [MapKey: Value]) -> Value {
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
  public var resource: [String: Value]? { RequestContext.fields(of: context.resourceValue) }
  /// The new metadata (`request.resource`) for `create` and `update`, complete.
  public var requestResource: [String: Value]? { RequestContext.fields(of: context.requestResourceValue) }
  public var time: Timestamp { context.time }

  /// A request; `resource` and `requestResource` are used as given (see ``ObjectMetadata``
  /// for the production defaults). For `list`, both are ignored: they are null.
  public init(
    method: RequestMethod, bucket: String, path: String, auth: AuthContext? = nil,
    resource: [String: Value]? = nil, requestResource: [String: Value]? = nil, time: Timestamp
  ) {
    let (segments, normalised) = Self.segments(of: path, bucket: bucket)
    self.init(
      method: method, bucket: bucket, segments: segments, path: normalised, auth: auth,
      resource: resource.map { .ready(Value.fields($0)) } ?? .null,
      requestResource: requestResource.map { .ready(Value.fields($0)) } ?? .null,
      time: time)
  }

  /// A request whose metadata are rules maps already built and shared with other requests:
  /// `resource` and `requestResource` are ``Value/fields(_:)`` of the metadata, or null when
  /// absent. The same request as ``init(method:bucket:path:auth:resource:requestResource:time:)``
  /// with those metadata, without building each map again.
  public init(
    method: RequestMethod, bucket: String, path: String, auth: AuthContext?, resourceMap: Value,
    requestResourceMap: Value, time: Timestamp
  ) {
    let (segments, normalised) = Self.segments(of: path, bucket: bucket)
    self.init(
      method: method, bucket: bucket, segments: segments, path: normalised, auth: auth,
      resource: .ready(resourceMap), requestResource: .ready(requestResourceMap), time: time)
  }

  /// A request whose metadata are recipes (``ObjectMetadataRecipe``), built when a rule reads
  /// them whole and shared with the other requests made with the same recipe: the same request
  /// as ``init(method:bucket:path:auth:resourceMap:requestResourceMap:time:)`` with the maps
  /// the recipes name.
  public init(
    method: RequestMethod, bucket: String, path: String, auth: AuthContext?, resource: ObjectMetadataRecipe,
    requestResource: ObjectMetadataRecipe, time: Timestamp
  ) {
    let (segments, normalised) = Self.segments(of: path, bucket: bucket)
    self.init(
      method: method, bucket: bucket, segments: segments, path: normalised, auth: auth,
      resource: resource.value, requestResource: requestResource.value, time: time)
  }

  /// The same request made by `auth` instead: the path and metadata already built are shared,
  /// not rebuilt (many requests that differ only by who asks cost one build).
  public func replacing(auth: AuthContext?) -> Request {
    let context = self.context
    return Request(
      context: RequestContext(
        method: context.method, bucket: context.bucket, fullPath: context.fullPath, path: context.path,
        matchSegments: context.matchSegments, pathValue: context.pathValue, auth: auth, time: context.time,
        resource: context.resource, requestResource: context.requestResource))
  }

  private init(context: RequestContext) {
    self.context = context
  }

  /// A request from parts already built: `path` normalised and split into `segments` (after
  /// `b`, the bucket and `o`, as ``segments(of:bucket:)`` returns them), the
  /// metadata as rules maps or their recipes (null when absent); `list` ignores both, `get`
  /// and `delete` the new metadata.
  init(
    method: RequestMethod, bucket: String, segments: [String], path: String, auth: AuthContext?,
    resource: ObjectMetadataValue, requestResource: ObjectMetadataValue, time: Timestamp
  ) {
    let isList = method == .list
    self.context = RequestContext(
      method: method, bucket: bucket, segments: segments, path: path, auth: auth, time: time,
      resource: isList ? .null : resource,
      requestResource: isList || method == .get || method == .delete ? .null : requestResource)
  }

  /// `b`, `bucket`, `o` and the segments of `path` (its empty ones dropped), and `path`
  /// normalised: joined by single slashes; a path without leading, trailing or repeated slashes
  /// is returned as it is.
  ///
  /// Contract: the segments are those of splitting the UTF-8 bytes on `/`; the array has room
  /// for one more (a `list`'s hypothetical child). Linear in the path's length, one array.
  static func segments(of path: String, bucket: String) -> (segments: [String], normalised: String) {
    var text = path
    return text.withUTF8 { bytes in
      var count = 0
      var previous = UInt8(ascii: "/")
      for byte in bytes {
        if previous == UInt8(ascii: "/"), byte != previous { count += 1 }
        previous = byte
      }
      var segments: [String] = []
      segments.reserveCapacity(3 + count + 1)
      segments.append("b")
      segments.append(bucket)
      segments.append("o")
      var start = 0
      var length = max(0, count - 1)
      for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "/") {
        if index > start {
          segments.append(
            String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
          length += index - start
        }
        start = index + 1
      }
      return (segments, length == bytes.count ? path : segments[3...].joined(separator: "/"))
    }
  }

  /// `request.path` as text: `/b/<bucket>/o/<path>`.
  public var fullPath: String { context.fullPath }
}
