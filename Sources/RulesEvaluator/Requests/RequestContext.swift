import RulesSemantics

/// What deciding a request reads, built once per request and shared (a reference, so that
/// copying it into each evaluation retains one object instead of every field): the values of
/// `request.path`, `request.auth`, `resource` and `request.resource`, and the segments match
/// patterns are tested against.
final class RequestContext: Sendable {
  let method: RequestMethod
  let bucket: String
  let time: Timestamp
  let auth: AuthContext?
  /// `request.path` as text: `/b/<bucket>/o/<path>`.
  let fullPath: String
  /// The object name, as in ``Request/path``.
  let path: String
  /// `b`, the bucket, `o`, the object name's segments, and for `list` one more (empty) segment
  /// standing for the hypothetical child.
  let matchSegments: [String]
  let pathValue: Value
  let authValue: Value
  /// `resource`: the stored object's metadata, or null.
  let resource: ObjectMetadataValue
  /// `request.resource`: the new metadata, or null.
  let requestResource: ObjectMetadataValue
  /// Whether a stored object exists (`resource` is not null).
  var hasResource: Bool { !resource.isNull }
  var resourceValue: Value { resource.value }
  var requestResourceValue: Value { requestResource.value }

  /// A context from values already built: `segments` are `b`, `bucket`, `o` and `path`'s
  /// segments (``Request/segments(of:bucket:)``), `resource` and
  /// `requestResource` the metadata (null when absent).
  init(
    method: RequestMethod, bucket: String, segments: [String], path: String, auth: AuthContext?,
    time: Timestamp, resource: ObjectMetadataValue, requestResource: ObjectMetadataValue
  ) {
    self.method = method
    self.bucket = bucket
    self.time = time
    self.auth = auth
    self.path = path
    self.fullPath = Self.concatenate("/b/", bucket, segments.count == 3 ? "/o" : "/o/", path)
    var full = segments
    self.pathValue = .path(PathValue(segments: full))
    if method == .list { full.append("") }
    self.matchSegments = full
    self.authValue = auth?.value ?? .null
    self.resource = resource
    self.requestResource = requestResource
  }

  /// A copy of a context's parts with another `auth` (``Request/replacing(auth:)``).
  init(
    method: RequestMethod, bucket: String, fullPath: String, path: String, matchSegments: [String],
    pathValue: Value, auth: AuthContext?, time: Timestamp, resource: ObjectMetadataValue,
    requestResource: ObjectMetadataValue
  ) {
    self.method = method
    self.bucket = bucket
    self.time = time
    self.auth = auth
    self.path = path
    self.fullPath = fullPath
    self.pathValue = pathValue
    self.matchSegments = matchSegments
    self.authValue = auth?.value ?? .null
    self.resource = resource
    self.requestResource = requestResource
  }

  /// The metadata of a `resource` or `request.resource` value by Firebase's field names; nil
  /// for null.
  static func fields(of value: Value) -> [String: Value]? {
    guard case .map(let map) = value else { return nil }
    var fields = [String: Value](minimumCapacity: map.count)
    for (key, field) in map { fields[key.string] = field }
    return fields
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

  /// `first`, `second`, `third` and `fourth` joined, built in one allocation (string interpolation and
  /// `+` grow their buffer as they go).
  static func concatenate(
    _ first: String, _ second: String, _ third: String = "", _ fourth: String = ""
  ) -> String {
    let count = first.utf8.count + second.utf8.count + third.utf8.count + fourth.utf8.count
    return String(unsafeUninitializedCapacity: count) { buffer in
      var written = copy(first, into: buffer, at: 0)
      written = copy(second, into: buffer, at: written)
      written = copy(third, into: buffer, at: written)
      return copy(fourth, into: buffer, at: written)
    }
  }

  /// Writes the UTF-8 bytes of `part` into `buffer` from `offset`, which has room for them;
  /// returns the offset after them. One block copy from the string's own storage (captures
  /// nothing mutable, so no access checks per part).
  private static func copy(
    _ part: String, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int
  ) -> Int {
    let copied = part.utf8.withContiguousStorageIfAvailable { bytes -> Int in
      guard let source = bytes.baseAddress, let target = buffer.baseAddress, !bytes.isEmpty else { return 0 }
      (target + offset).initialize(from: source, count: bytes.count)
      return bytes.count
    }
    if let copied { return offset + copied }
    var index = offset
    for byte in part.utf8 {
      buffer[index] = byte
      index += 1
    }
    return index
  }
}
