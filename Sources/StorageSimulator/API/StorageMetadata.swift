import RulesEvaluator

/// An object's metadata, shaped like the SDK's `StorageMetadata`. Set the fields to send with
/// `putData(_:metadata:)` or `updateMetadata(_:)`; the rest are filled in by the bucket.
public struct StorageMetadata: Sendable, Hashable {
  public var bucket: String = ""
  /// The full path of the object.
  public var path: String?
  /// The last segment of the path.
  public var name: String?
  /// Bytes.
  public var size: Int64 = 0
  public var generation: Int64 = 0
  public var metageneration: Int64 = 0
  public var timeCreated: Timestamp?
  public var updated: Timestamp?
  /// Standard base64 of the MD5 digest.
  public var md5Hash: String?
  /// Standard base64 of the big-endian CRC-32C (not in the SDK's type; rules can read it).
  public var crc32c: String?
  public var cacheControl: String?
  public var contentDisposition: String?
  public var contentEncoding: String?
  public var contentLanguage: String?
  public var contentType: String?
  public var customMetadata: [String: String]?

  /// Empty metadata, to fill in before an upload or an update.
  public init() {}

  /// The metadata of a stored object (the bucket's map with Firebase field names).
  init(fields: [String: Value]) {
    func string(_ key: String) -> String? {
      if case .string(let text)? = fields[key] { return text }
      return nil
    }
    func int(_ key: String) -> Int64 {
      if case .int(let number)? = fields[key] { return number }
      return 0
    }
    func time(_ key: String) -> Timestamp? {
      if case .timestamp(let time)? = fields[key] { return time }
      return nil
    }
    bucket = string("bucket") ?? ""
    path = string("name")
    name = path.map { StoragePath(bucket: bucket, object: $0).name }
    size = int("size")
    generation = int("generation")
    metageneration = int("metageneration")
    timeCreated = time("timeCreated")
    updated = time("updated")
    md5Hash = string("md5Hash")
    crc32c = string("crc32c")
    cacheControl = string("cacheControl")
    contentDisposition = string("contentDisposition")
    contentEncoding = string("contentEncoding")
    contentLanguage = string("contentLanguage")
    contentType = string("contentType")
    if case .map(let entries)? = fields["metadata"] {
      // Rules map keys compare by code units, `String` keys by canonical equivalence: in key
      // order, the same one of two equivalent keys wins every time.
      var custom: [String: String] = [:]
      for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
        if case .string(let text) = value { custom[key.string] = text }
      }
      customMetadata = custom
    }
  }

  /// The fields a client sends: those set among `cacheControl`, `contentDisposition`,
  /// `contentEncoding`, `contentLanguage`, `contentType` and `customMetadata` (as `metadata`).
  var clientFields: [String: Value] {
    var fields: [String: Value] = [:]
    let strings: [(String, String?)] = [
      ("cacheControl", cacheControl), ("contentDisposition", contentDisposition),
      ("contentEncoding", contentEncoding), ("contentLanguage", contentLanguage),
      ("contentType", contentType),
    ]
    for case (let key, let value?) in strings { fields[key] = .string(value) }
    if let customMetadata { fields["metadata"] = .fields(customMetadata.mapValues(Value.string)) }
    return fields
  }
}
