/// A place in a bucket: the bucket and an object path without leading, trailing or repeated
/// slashes (`""` is the root), built the way the Apple-platform SDK builds them
/// (decisions.md §19).
///
/// Paths are split and joined on `/` bytes; `.` and `..` are kept as segments. Equality and
/// hashing compare UTF-8 bytes, never canonical equivalence.
public struct StoragePath: Sendable, Hashable, CustomStringConvertible {
  /// The bucket name, exactly as given.
  public let bucket: String
  /// The full path of the object or folder; `""` at the root.
  public let object: String

  /// The place `object` names in `bucket`; slashes are normalised.
  public init(bucket: String, object: String = "") {
    self.bucket = bucket
    self.object = StoragePath.normalize(object)
  }

  /// Splits on `/`, drops empty segments and joins the rest with single slashes.
  public static func normalize(_ path: String) -> String {
    let slash = UInt8(ascii: "/")
    let bytes = path.utf8
    // Most paths are already normal: keep them as they are.
    if bytes.first != slash && bytes.last != slash
      && !zip(bytes, bytes.dropFirst()).contains(where: { $0 == slash && $1 == slash })
    {
      return path
    }
    return bytes.split(separator: slash).map { String(decoding: $0, as: UTF8.self) }
      .joined(separator: "/")
  }

  public var isRoot: Bool { object.isEmpty }

  /// The last segment; `""` at the root.
  public var name: String {
    guard let slash = object.utf8.lastIndex(of: UInt8(ascii: "/")) else { return object }
    return String(object[object.utf8.index(after: slash)...])
  }

  /// The path with `path` appended; an empty or all-slash `path` gives this path.
  public func child(_ path: String) -> StoragePath {
    let appended = StoragePath.normalize(path)
    if appended.isEmpty { return self }
    return StoragePath(normalizedBucket: bucket, object: object.isEmpty ? appended : object + "/" + appended)
  }

  /// One level up; nil at the root, the root for a one-segment path.
  public func parent() -> StoragePath? {
    if object.isEmpty { return nil }
    guard let slash = object.utf8.lastIndex(of: UInt8(ascii: "/")) else {
      return StoragePath(normalizedBucket: bucket, object: "")
    }
    return StoragePath(normalizedBucket: bucket, object: String(object[..<slash]))
  }

  /// The root of the bucket.
  public func root() -> StoragePath { StoragePath(normalizedBucket: bucket, object: "") }

  /// `gs://bucket/path`; `gs://bucket/` at the root.
  public var description: String { "gs://\(bucket)/\(object)" }

  public static func == (lhs: StoragePath, rhs: StoragePath) -> Bool {
    lhs.bucket.utf8.elementsEqual(rhs.bucket.utf8) && lhs.object.utf8.elementsEqual(rhs.object.utf8)
  }

  public func hash(into hasher: inout Hasher) {
    for byte in bucket.utf8 { hasher.combine(byte) }
    hasher.combine(0xFF as UInt8)
    for byte in object.utf8 { hasher.combine(byte) }
  }

  private init(normalizedBucket bucket: String, object: String) {
    self.bucket = bucket
    self.object = object
  }
}
