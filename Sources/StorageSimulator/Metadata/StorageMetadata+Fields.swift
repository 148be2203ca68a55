import Foundation
import RulesEvaluator
import StorageBucket

extension StorageMetadata {
  /// The fields behind the lock, and the settable ones as they were read.
  struct Fields: Sendable {
    var bucket = ""
    var path: String?
    var name: String?
    var size: Int64 = 0
    var generation: Int64 = 0
    var metageneration: Int64 = 0
    var timeCreated: Timestamp?
    var updated: Timestamp?
    var md5Hash: String?
    var crc32c: String?
    var cacheControl: String?
    var contentDisposition: String?
    var contentEncoding: String?
    var contentLanguage: String?
    var contentType: String?
    var customMetadata: [String: String]?
    var isFile = false
    /// The settable strings as read, by Firebase field name, and the custom metadata.
    var readStrings: [String: String] = [:]
    var readCustom: [String: String]?

    /// The metadata of a stored object (the bucket's map with Firebase field names).
    init(stored fields: [String: Value]) {
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
      setPath(string("name"))
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
      isFile = true
      markRead()
    }

    /// The SDK's dictionary form, read as given.
    init(dictionary: [String: AnyHashable]) {
      func string(_ key: String) -> String? { dictionary[key] as? String }
      func int(_ key: String) -> Int64 {
        switch dictionary[key]?.base {
        case let value as Int: Int64(value)
        case let value as Int64: value
        case let value as String: Int64(value) ?? 0
        default: 0
        }
      }
      bucket = string("bucket") ?? ""
      setPath(string("name"))
      size = int("size")
      generation = int("generation")
      metageneration = int("metageneration")
      timeCreated = string("timeCreated").flatMap(RFC3339.parse)
      updated = string("updated").flatMap(RFC3339.parse)
      md5Hash = string("md5Hash")
      cacheControl = string("cacheControl")
      contentDisposition = string("contentDisposition")
      contentEncoding = string("contentEncoding")
      contentLanguage = string("contentLanguage")
      contentType = string("contentType")
      customMetadata = dictionary["metadata"] as? [String: String]
      markRead()
    }

    private mutating func setPath(_ fullPath: String?) {
      path = fullPath
      name = fullPath.map { StoragePath(bucket: bucket, object: $0).name }
    }

    private mutating func markRead() {
      readStrings = [:]
      for case (let key, let value?) in settableStrings { readStrings[key] = value }
      readCustom = customMetadata
    }

    var settableStrings: [(String, String?)] {
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
      for (key, value) in settableStrings where value != readStrings[key] {
        patch[key] = value.map(Value.string) ?? .null
      }
      switch (readCustom, customMetadata) {
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

    /// The SDK's `dictionaryRepresentation()`.
    var dictionary: [String: AnyHashable] {
      var result: [String: AnyHashable] = ["bucket": bucket]
      for case (let key, let value?) in [("md5Hash", md5Hash), ("name", path)] + settableStrings {
        result[key] = value
      }
      if size != 0 { result["size"] = size }
      if generation != 0 { result["generation"] = String(generation) }
      if metageneration != 0 { result["metageneration"] = String(metageneration) }
      if let timeCreated { result["timeCreated"] = Self.millisecondText(timeCreated) }
      if let updated { result["updated"] = Self.millisecondText(updated) }
      if let customMetadata { result["metadata"] = customMetadata }
      return result
    }

    /// RFC 3339 with exactly three fraction digits, as the SDK's formatter writes times.
    static func millisecondText(_ time: Timestamp) -> String {
      let whole = RFC3339.format(Timestamp(seconds: time.seconds, nanos: 0))
      let millis = String(time.nanos / 1_000_000)
      return whole.dropLast() + "." + String(repeating: "0", count: 3 - millis.count) + millis + "Z"
    }

    static func date(_ time: Timestamp) -> Date {
      Date(timeIntervalSince1970: Double(time.seconds) + Double(time.nanos) / 1_000_000_000)
    }
  }
}
