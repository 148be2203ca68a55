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
  /// The stored object's metadata, as in ``Request/resource``.
  let resource: [String: Value]?
  /// The new metadata, as in ``Request/requestResource``.
  let requestResource: [String: Value]?
  /// `request.path` as text: `/b/<bucket>/o/<path>`.
  let fullPath: String
  /// The object name, as in ``Request/path``.
  let path: String
  /// `b`, the bucket, `o`, the object name's segments, and for `list` one more (empty) segment
  /// standing for the hypothetical child.
  let matchSegments: [String]
  let pathValue: Value
  let authValue: Value
  let resourceValue: Value
  let requestResourceValue: Value
  /// Whether a stored object exists (`resource` is not null).
  let hasResource: Bool

  init(
    method: RequestMethod, bucket: String, segments: [String], path: String, auth: AuthContext?,
    time: Timestamp,
    resource: [String: Value]?, requestResource: [String: Value]?
  ) {
    self.method = method
    self.bucket = bucket
    self.time = time
    self.auth = auth
    self.resource = resource
    self.requestResource = requestResource
    self.path = path
    self.fullPath = Self.concatenate("/b/", bucket, segments.isEmpty ? "/o" : "/o/" + path)
    var full = ["b", bucket, "o"]
    full.reserveCapacity(3 + segments.count + 1)
    full.append(contentsOf: segments)
    self.pathValue = .path(PathValue(segments: full))
    if method == .list { full.append("") }
    self.matchSegments = full
    self.authValue = auth?.value ?? .null
    self.resourceValue = resource.map(Value.fields) ?? .null
    self.requestResourceValue = requestResource.map(Value.fields) ?? .null
    self.hasResource = resource != nil
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

  /// `User does not have permission to access '<path>'.`, built in one allocation.
  var denialMessage: String {
    Self.concatenate("User does not have permission to access '", path, "'.")
  }

  /// `first`, `second` and `third` joined, built in one allocation (string interpolation and
  /// `+` grow their buffer as they go).
  static func concatenate(_ first: String, _ second: String, _ third: String = "") -> String {
    let count = first.utf8.count + second.utf8.count + third.utf8.count
    return String(unsafeUninitializedCapacity: count) { buffer in
      var written = 0
      func copy(_ part: String) {
        var part = part
        part.withUTF8 { bytes in
          _ = UnsafeMutableBufferPointer(rebasing: buffer[written...]).initialize(from: bytes)
          written += bytes.count
        }
      }
      copy(first)
      copy(second)
      copy(third)
      return written
    }
  }
}
