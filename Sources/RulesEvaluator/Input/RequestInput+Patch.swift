extension RequestInput {
  /// Reads the patch of a metadata `update` (decisions.md §11): fields of
  /// ``ObjectMetadata/updatableKeys`` with a string, or `null` to clear the field; `metadata`
  /// is an object whose string values are merged into the stored custom metadata and whose
  /// `null` values remove their key, or `null` to remove every key.
  ///
  /// - Throws: for an unknown field, a field an update cannot change (`size`, `name`, …:
  ///   Cloud Storage ignores them, so a test that sets one would test nothing), or a value of
  ///   the wrong type; the message names `field.key`.
  public static func patch(_ json: JSONInput, field: String) throws(RequestInputError) -> [String: Value] {
    guard case .object(let members) = json else { throw RequestInputError("\"\(field)\" must be an object") }
    var fields: [String: Value] = [:]
    for (key, value) in members {
      guard ObjectMetadata.updatableKeys.contains(key) else {
        let updatable = ObjectMetadata.updatableKeys.joined(separator: ", ")
        guard ObjectMetadata.storedKeys.contains(key) else {
          throw RequestInputError(
            "unknown metadata field \"\(field).\(key)\"; an update can set \(updatable)")
        }
        throw RequestInputError(
          "\"\(field).\(key)\" cannot be changed by a metadata update (Cloud Storage ignores it); "
            + "an update can set \(updatable)")
      }
      fields[key] = try patchValue(value, key: key, field: field)
    }
    return fields
  }

  private static func patchValue(
    _ json: JSONInput, key: String, field: String
  ) throws(RequestInputError) -> Value {
    switch json {
    case .null:
      return .null
    case .string(let text) where key != "metadata":
      return .string(text)
    case .object(let entries) where key == "metadata":
      var map: [MapKey: Value] = [:]
      for entry in entries {
        switch entry.value {
        case .null: map[MapKey(entry.key)] = .null
        case .string(let text): map[MapKey(entry.key)] = .string(text)
        default:
          throw RequestInputError(
            "\"\(field).metadata.\(entry.key)\" must be a string, or null to remove the key")
        }
      }
      return .map(map)
    default:
      if key == "metadata" {
        throw RequestInputError(
          "\"\(field).metadata\" must be an object of strings (null removes a key), or null to remove every key"
        )
      }
      throw RequestInputError("\"\(field).\(key)\" must be a string, or null to clear it")
    }
  }
}
