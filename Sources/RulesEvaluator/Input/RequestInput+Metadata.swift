extension RequestInput {
  /// Object metadata with Firebase's field names (`size`, `contentType`, `timeCreated`, …).
  public static func metadata(_ json: JSONInput, field: String) throws(RequestInputError) -> [String: Value] {
    guard case .object(let members) = json else { throw RequestInputError("\"\(field)\" must be an object") }
    // Sized at once (`reserveCapacity` on an empty dictionary goes through an unspecialized path).
    var fields = [String: Value](minimumCapacity: members.count)
    for (key, value) in members {
      guard let kind = metadataKinds[key] else {
        let known = ObjectMetadata.storedKeys.joined(separator: ", ")
        throw RequestInputError("unknown metadata field \"\(field).\(key)\"; expected one of \(known)")
      }
      fields[key] = try metadataValue(value, kind: kind, key: key, field: field)
    }
    return fields
  }

  /// What a metadata field holds, as JSON input spells it.
  enum MetadataKind {
    case integer, timestamp, custom, string
  }

  /// Each field of ``ObjectMetadata/storedKeys`` and what it holds (one look-up per field).
  static let metadataKinds: [String: MetadataKind] = Dictionary(
    uniqueKeysWithValues: ObjectMetadata.storedKeys.map { key in
      switch key {
      case "size", "generation", "metageneration": (key, .integer)
      case "timeCreated", "updated": (key, .timestamp)
      case "metadata": (key, .custom)
      default: (key, .string)
      }
    })

  private static func metadataValue(
    _ json: JSONInput, kind: MetadataKind, key: String, field: String
  ) throws(RequestInputError) -> Value {
    if case .null = json { return .null }
    switch kind {
    case .integer:
      if case .integer(let number) = json { return .int(number) }
      if case .string(let text) = json, let number = Int64(text) { return .int(number) }
      throw RequestInputError("\"\(field).\(key)\" must be an integer")
    case .timestamp:
      guard case .string(let text) = json, let time = RFC3339.parse(text) else {
        throw RequestInputError("\"\(field).\(key)\" must be an RFC 3339 timestamp string")
      }
      return .timestamp(time)
    case .custom:
      guard case .object(let entries) = json else {
        throw RequestInputError("\"\(field).metadata\" must be an object of strings")
      }
      var map: [MapKey: Value] = [:]
      for entry in entries {
        guard case .string(let text) = entry.value else {
          throw RequestInputError("\"\(field).metadata.\(entry.key)\" must be a string")
        }
        map[MapKey(entry.key)] = .string(text)
      }
      return .map(map)
    case .string:
      guard case .string(let text) = json else {
        throw RequestInputError("\"\(field).\(key)\" must be a string")
      }
      return .string(text)
    }
  }
}
