/// Builds complete `resource` and `request.resource` maps with production's defaults
/// (decisions.md §11).
public enum ObjectMetadata {
  /// The keys of a stored object's metadata (`resource`).
  public static let storedKeys: [String] = [
    "name", "bucket", "generation", "metageneration", "size", "timeCreated", "updated", "md5Hash",
    "crc32c", "etag", "contentDisposition", "contentEncoding", "contentLanguage", "contentType",
    "metadata", "cacheControl", "storageClass",
  ]

  /// The 15 keys of `request.resource`: no `timeCreated` and no `updated`.
  public static let uploadKeys: [String] = storedKeys.filter { $0 != "timeCreated" && $0 != "updated" }

  /// A stored object: `name` and `bucket` from the path, `size` 0, `timeCreated` and `updated`
  /// the request time, `generation` and `metageneration` 1, `metadata` null, other strings null.
  public static func stored(
    name: String, bucket: String, given: [String: Value] = [:], time: Timestamp
  ) -> [String: Value] {
    var fields: [String: Value] = [
      "name": .string(name), "bucket": .string(bucket), "generation": .int(1), "metageneration": .int(1),
      "size": .int(0), "timeCreated": .timestamp(time), "updated": .timestamp(time), "md5Hash": .null,
      "crc32c": .null, "etag": .null, "contentDisposition": .null, "contentEncoding": .null,
      "contentLanguage": .null, "contentType": .null, "metadata": .null, "cacheControl": .null,
      "storageClass": .null,
    ]
    for (key, value) in given { fields[key] = value }
    return fields
  }

  /// The text after `name`'s last `/` (all of it when it has none): what an upload's
  /// `contentDisposition` names.
  static func lastSegment(of name: String) -> String {
    name.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(name[name.index(after: $0)...]) } ?? name
  }

  /// The new metadata of an upload (`create`, overwrites included): `generation`,
  /// `metageneration` and `etag` null, `contentEncoding` `identity`, `contentDisposition`
  /// `inline; filename*=utf-8''<last segment>`, `contentType` `application/octet-stream`,
  /// `size` 0, the rest null, then what the caller gives.
  public static func upload(name: String, bucket: String, given: [String: Value] = [:]) -> [String: Value] {
    let lastSegment = lastSegment(of: name)
    var fields: [String: Value] = [
      "name": .string(name), "bucket": .string(bucket), "generation": .null, "metageneration": .null,
      "etag": .null, "size": .int(0), "md5Hash": .null, "crc32c": .null,
      "contentDisposition": .string("inline; filename*=utf-8''" + lastSegment),
      "contentEncoding": .string("identity"), "contentLanguage": .null,
      "contentType": .string("application/octet-stream"), "metadata": .null, "cacheControl": .null,
      "storageClass": .null,
    ]
    for (key, value) in given where key != "timeCreated" && key != "updated" { fields[key] = value }
    return fields
  }

  /// The fields a metadata update can change; Cloud Storage ignores the others in a patch.
  public static let updatableKeys: [String] = [
    "cacheControl", "contentDisposition", "contentEncoding", "contentLanguage", "contentType", "metadata",
  ]

  /// `request.resource` of a metadata update, and the object it leaves: the stored metadata
  /// with the patch `changes` applied, without `timeCreated` and `updated` (decisions.md §11).
  ///
  /// A field of ``updatableKeys`` that `changes` names replaces the stored one, a field it
  /// leaves out keeps its value, and `.null` removes the field (it reads null), except
  /// `contentEncoding`, which then reads `identity`. A `metadata` map is merged key by key
  /// into the stored one, a `.null` entry removing its key (an empty map changes nothing);
  /// `metadata: .null` removes them all, and a merge that leaves no key reads null, as
  /// production returns no custom metadata then. Other fields in `changes` are ignored, as
  /// Cloud Storage ignores read-only fields.
  public static func updated(stored: [String: Value], changes: [String: Value]) -> [String: Value] {
    var fields = stored
    fields["timeCreated"] = nil
    fields["updated"] = nil
    for (key, value) in changes where updatableKeys.contains(key) {
      switch (key, value) {
      case ("contentEncoding", .null): fields[key] = .string("identity")
      case ("metadata", .map(let entries)): fields[key] = merged(stored[key], entries)
      default: fields[key] = value
      }
    }
    return fields
  }

  /// Custom metadata `entries` merged into `stored`: `.null` removes a key; nothing left is
  /// null; no entries change nothing.
  static func merged(_ stored: Value?, _ entries: [MapKey: Value]) -> Value {
    if entries.isEmpty { return stored ?? .null }
    var result: [MapKey: Value] = [:]
    if case .map(let old)? = stored { result = old }
    for (key, value) in entries {
      if case .null = value { result[key] = nil } else { result[key] = value }
    }
    return result.isEmpty ? .null : .map(result)
  }
}
