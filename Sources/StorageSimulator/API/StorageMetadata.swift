import RulesEvaluator

/// An object's metadata, shaped like the SDK's `StorageMetadata`: the fields a client sets
/// (`cacheControl`, `contentDisposition`, `contentEncoding`, `contentLanguage`, `contentType`,
/// `customMetadata`) and, read-only as in the SDK, those the bucket fills in.
///
/// Like the SDK's, it remembers the settable fields as they were read, and
/// `updateMetadata(_:)` sends only what changed since: a field set to nil is cleared, a key
/// removed from `customMetadata` is removed, and `customMetadata = nil` removes every key.
/// `StorageMetadata()` was read as empty, so it sends the fields that are set. Equal when the
/// fields are equal; what was read is not compared (the SDK compares its dictionary).
public struct StorageMetadata: Sendable, Hashable {
  public private(set) var bucket: String = ""
  /// The full path of the object.
  public private(set) var path: String?
  /// The last segment of the path.
  public private(set) var name: String?
  /// Bytes.
  public private(set) var size: Int64 = 0
  public private(set) var generation: Int64 = 0
  public private(set) var metageneration: Int64 = 0
  public private(set) var timeCreated: Timestamp?
  public private(set) var updated: Timestamp?
  /// Standard base64 of the MD5 digest.
  public private(set) var md5Hash: String?
  /// Standard base64 of the big-endian CRC-32C (not in the SDK's type; rules can read it).
  public private(set) var crc32c: String?
  public var cacheControl: String?
  public var contentDisposition: String?
  public var contentEncoding: String?
  public var contentLanguage: String?
  public var contentType: String?
  public var customMetadata: [String: String]?

  /// The settable fields as read: the strings by Firebase field name, and the custom metadata.
  private var read: (strings: [String: String], custom: [String: String]?) = ([:], nil)

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
    for case (let key, let value?) in settableStrings { read.strings[key] = value }
    read.custom = customMetadata
  }

  private var settableStrings: [(String, String?)] {
    [
      ("cacheControl", cacheControl), ("contentDisposition", contentDisposition),
      ("contentEncoding", contentEncoding), ("contentLanguage", contentLanguage),
      ("contentType", contentType),
    ]
  }

  /// What an upload sends: the settable fields that are set (`customMetadata` as `metadata`).
  var clientFields: [String: Value] {
    var fields: [String: Value] = [:]
    for case (let key, let value?) in settableStrings { fields[key] = .string(value) }
    if let customMetadata { fields["metadata"] = .fields(customMetadata.mapValues(Value.string)) }
    return fields
  }

  /// What an update sends, the SDK's `updatedMetadata()`: each settable field that differs
  /// from what was read (`.null` when cleared), and in `metadata` each custom key added or
  /// changed, `.null` for each removed (`metadata: .null` when `customMetadata` became nil).
  var changedFields: [String: Value] {
    var patch: [String: Value] = [:]
    for (key, value) in settableStrings where value != read.strings[key] {
      patch[key] = value.map(Value.string) ?? .null
    }
    switch (read.custom, customMetadata) {
    case (nil, nil): break
    case (_?, nil): patch["metadata"] = .null
    case (let old, let new?):
      var entries: [String: Value] = [:]
      for (key, value) in new where old?[key] != value { entries[key] = .string(value) }
      for key in (old ?? [:]).keys where new[key] == nil { entries[key] = .null }
      if old == nil || !entries.isEmpty { patch["metadata"] = .fields(entries) }
    }
    return patch
  }

  private var comparedFields: [AnyHashable] {
    [
      bucket, path, name, size, generation, metageneration, timeCreated, updated, md5Hash, crc32c,
      cacheControl, contentDisposition, contentEncoding, contentLanguage, contentType, customMetadata,
    ]
  }

  public static func == (lhs: StorageMetadata, rhs: StorageMetadata) -> Bool {
    lhs.comparedFields == rhs.comparedFields
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(comparedFields)
  }
}
