/// The metadata of ``ObjectMetadata`` built directly as rules maps, for ``RequestInput``:
/// the same fields and values as ``ObjectMetadata/stored(name:bucket:given:time:)``,
/// ``ObjectMetadata/upload(name:bucket:given:)`` and
/// ``ObjectMetadata/updated(stored:changes:)`` followed by ``Value/fields(_:)``, but each map
/// is a copy of a shared template with a few fields set, not two dictionaries built key by key.
extension ObjectMetadata {
  /// `stored(name:bucket:given:time:)` as a rules map.
  static func storedMap(
    name: String, bucket: String, given: [String: Value], time: Timestamp
  ) -> [MapKey: Value] {
    guard given.keys.allSatisfy(isASCII) else {
      return map(stored(name: name, bucket: bucket, given: given, time: time))
    }
    var fields = storedTemplate
    fields["name"] = .string(name)
    fields["bucket"] = .string(bucket)
    fields["timeCreated"] = .timestamp(time)
    fields["updated"] = .timestamp(time)
    for (key, value) in given { fields[MapKey(key)] = value }
    return fields
  }

  /// `upload(name:bucket:given:)` as a rules map; `lastSegment` is the name's last segment.
  static func uploadMap(
    name: String, lastSegment: String, bucket: String, given: [String: Value]
  ) -> [MapKey: Value] {
    guard given.keys.allSatisfy(isASCII) else { return map(upload(name: name, bucket: bucket, given: given)) }
    var fields = uploadTemplate
    fields["name"] = .string(name)
    fields["bucket"] = .string(bucket)
    fields["contentDisposition"] = .string(
      RequestContext.concatenate("inline; filename*=utf-8''", lastSegment))
    for (key, value) in given where key != "timeCreated" && key != "updated" { fields[MapKey(key)] = value }
    return fields
  }

  /// `updated(stored:changes:)` as a rules map, from the stored object's map.
  static func updatedMap(stored: [MapKey: Value], changes: [String: Value]) -> [MapKey: Value] {
    var fields = stored
    fields["timeCreated"] = nil
    fields["updated"] = nil
    for (key, value) in changes where updatableKeys.contains(key) {
      let name = MapKey(key)
      switch (key, value) {
      case ("contentEncoding", .null): fields[name] = .string("identity")
      case ("metadata", .map(let entries)): fields[name] = merged(stored[name], entries)
      default: fields[name] = value
      }
    }
    return fields
  }

  /// `stored(name:bucket:given:time:)` as a deferred value (``ObjectMetadataValue``): built
  /// when read whole; built now when a key of `given` is not ASCII.
  static func storedValue(
    name: String, bucket: String, given: [String: Value], time: Timestamp
  ) -> ObjectMetadataValue {
    guard given.keys.allSatisfy(isASCII) else {
      return .ready(.map(map(stored(name: name, bucket: bucket, given: given, time: time))))
    }
    return .deferred(DeferredMetadata.stored(name: name, bucket: bucket, given: given, time: time))
  }

  /// `upload(name:bucket:given:)` as a deferred value, as ``storedValue(name:bucket:given:time:)``.
  static func uploadValue(
    name: String, lastSegment: String, bucket: String, given: [String: Value]
  ) -> ObjectMetadataValue {
    guard given.keys.allSatisfy(isASCII) else {
      return .ready(.map(map(upload(name: name, bucket: bucket, given: given))))
    }
    return .deferred(
      DeferredMetadata.upload(name: name, lastSegment: lastSegment, bucket: bucket, given: given))
  }

  /// `updated(stored:changes:)` of `stored` as a deferred value.
  static func updatedValue(stored: ObjectMetadataValue, changes: [String: Value]) -> ObjectMetadataValue {
    switch stored {
    case .deferred(let deferred): .deferred(DeferredMetadata.updated(stored: deferred, changes: changes))
    case .ready(.map(let fields)): .ready(.map(updatedMap(stored: fields, changes: changes)))
    case .ready: .null
    }
  }

  /// The value of a stored object's field `name` that no caller gives, other than `name`,
  /// `bucket`, `timeCreated` and `updated`; nil for a name the map does not have.
  static func storedDefault(_ name: String) -> Value? {
    Operators.entry(storedTemplate, name)
  }

  /// The value of an upload's field `name` that no caller gives, other than `name`, `bucket`
  /// and `contentDisposition`; nil for a name the map does not have.
  static func uploadDefault(_ name: String) -> Value? {
    Operators.entry(uploadTemplate, name)
  }

  /// A stored object's fields with `name`, `bucket`, `timeCreated` and `updated` still to set.
  private static let storedTemplate: [MapKey: Value] = map(
    stored(name: "", bucket: "", time: Timestamp(seconds: 0, nanos: 0)))

  /// An upload's fields with `name`, `bucket` and `contentDisposition` still to set.
  private static let uploadTemplate: [MapKey: Value] = map(upload(name: "", bucket: ""))

  /// `fields` keyed by ``MapKey``.
  private static func map(_ fields: [String: Value]) -> [MapKey: Value] {
    guard case .map(let map) = Value.fields(fields) else { return [:] }
    return map
  }

  /// Whether `key` is ASCII: such keys are equal as `String`s exactly when their bytes are, so
  /// a map keyed by ``MapKey`` merges the same keys a `String`-keyed dictionary does.
  private static func isASCII(_ key: String) -> Bool {
    key.utf8.allSatisfy { $0 < 0x80 }
  }
}
