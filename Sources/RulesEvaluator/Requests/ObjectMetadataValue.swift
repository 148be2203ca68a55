import Synchronization

/// A request's `resource` or `request.resource`: a value already built, or the recipe of
/// ``ObjectMetadata``'s maps, built on first read of the whole map and shared from then on.
///
/// Most conditions read no metadata or a few fields of it (`request.resource.size`), so a
/// request built from input (``RequestInput/request(defaultBucket:now:)``) keeps the recipe:
/// a field is answered from the recipe without building the 15- or 17-entry map, and the map
/// is built once, when a rule reads the whole value (`request.resource.diff(resource)`).
///
/// Contract: ``value`` is exactly what ``ObjectMetadata/storedMap(name:bucket:given:time:)``,
/// ``ObjectMetadata/uploadMap(name:lastSegment:bucket:given:)`` or
/// ``ObjectMetadata/updatedMap(stored:changes:)`` return; ``field(_:)`` is exactly that map's
/// entry for the name (keys compared by bytes), nil when the map has none.
enum ObjectMetadataValue: Sendable {
  case ready(Value)
  case deferred(DeferredMetadata)

  static let null = ObjectMetadataValue.ready(.null)

  /// The whole value.
  var value: Value {
    switch self {
    case .ready(let value): value
    case .deferred(let deferred): deferred.value
    }
  }

  /// Whether the value is null (no stored object, or no new metadata), known without building.
  var isNull: Bool {
    if case .ready(.null) = self { return true }
    return false
  }

  /// The entry `name` of the map, without building it when it is deferred; nil when the value
  /// is not a map or has no such entry.
  func field(_ name: String) -> Value? {
    switch self {
    case .ready(.map(let map)): Operators.entry(map, name)
    case .ready: nil
    case .deferred(let deferred): deferred.field(name)
    }
  }
}

/// The recipe of a metadata map and, once built, the map (``ObjectMetadataValue``).
///
/// The recipe's parts are stored properties, read in place by ``field(_:)``; whether the map
/// is built is an atomic flag, so a field read before it is takes no lock.
final class DeferredMetadata: Sendable {
  enum Kind: Sendable {
    /// ``ObjectMetadata/storedMap(name:bucket:given:time:)``.
    case stored
    /// ``ObjectMetadata/uploadMap(name:lastSegment:bucket:given:)``.
    case upload
    /// ``ObjectMetadata/updatedMap(stored:changes:)`` of ``DeferredMetadata/stored``'s map,
    /// with ``DeferredMetadata/given`` the changes.
    case updated
  }

  let kind: Kind
  /// The object name (stored objects and uploads).
  let name: String
  let bucket: String
  /// The name's last segment (uploads).
  let lastSegment: String
  /// The request time (stored objects).
  let time: Timestamp
  /// The fields the caller gives (stored objects and uploads) or the changes (updates).
  let given: [String: Value]
  /// The stored object an update changes.
  let stored: DeferredMetadata?
  private let isBuilt = Atomic<Bool>(false)
  private let built = Mutex<Value?>(nil)

  private init(
    _ kind: Kind, name: String = "", bucket: String = "", lastSegment: String = "",
    time: Timestamp = Timestamp(seconds: 0, nanos: 0), given: [String: Value], stored: DeferredMetadata? = nil
  ) {
    self.kind = kind
    self.name = name
    self.bucket = bucket
    self.lastSegment = lastSegment
    self.time = time
    self.given = given
    self.stored = stored
  }

  /// ``ObjectMetadata/storedMap(name:bucket:given:time:)``, deferred.
  static func stored(
    name: String, bucket: String, given: [String: Value], time: Timestamp
  ) -> DeferredMetadata {
    DeferredMetadata(.stored, name: name, bucket: bucket, time: time, given: given)
  }

  /// ``ObjectMetadata/uploadMap(name:lastSegment:bucket:given:)``, deferred.
  static func upload(
    name: String, lastSegment: String, bucket: String, given: [String: Value]
  ) -> DeferredMetadata {
    DeferredMetadata(.upload, name: name, bucket: bucket, lastSegment: lastSegment, given: given)
  }

  /// ``ObjectMetadata/updatedMap(stored:changes:)`` of `stored`'s map, deferred.
  static func updated(stored: DeferredMetadata, changes: [String: Value]) -> DeferredMetadata {
    DeferredMetadata(.updated, given: changes, stored: stored)
  }

  /// The map, built on the first call and kept.
  var value: Value {
    built.withLock { built in
      if let built { return built }
      let value = Value.map(map())
      built = value
      isBuilt.store(true, ordering: .releasing)
      return value
    }
  }

  /// The recipe's map as a dictionary.
  private func map() -> [MapKey: Value] {
    switch kind {
    case .stored: ObjectMetadata.storedMap(name: name, bucket: bucket, given: given, time: time)
    case .upload: ObjectMetadata.uploadMap(name: name, lastSegment: lastSegment, bucket: bucket, given: given)
    case .updated:
      if case .map(let fields)? = stored?.value {
        ObjectMetadata.updatedMap(stored: fields, changes: given)
      } else {
        [:]
      }
    }
  }

  /// The entry `name` of ``value``: read from the map once it is built, else from the recipe of
  /// a stored object or an upload (an update's recipe builds the map).
  func field(_ field: String) -> Value? {
    if kind == .updated || isBuilt.load(ordering: .acquiring) {
      guard case .map(let fields) = value else { return nil }
      return Operators.entry(fields, field)
    }
    if kind == .upload && (field == "timeCreated" || field == "updated") { return nil }
    for (key, value) in given where JavaString.equal(key, field) { return value }
    switch field {
    case "name": return .string(name)
    case "bucket": return .string(bucket)
    default: break
    }
    if kind == .stored {
      if field == "timeCreated" || field == "updated" { return .timestamp(time) }
      return ObjectMetadata.storedDefault(field)
    }
    if field == "contentDisposition" {
      return .string(RequestContext.concatenate("inline; filename*=utf-8''", lastSegment))
    }
    return ObjectMetadata.uploadDefault(field)
  }
}

/// A request's `resource` or `request.resource` as ``ObjectMetadata`` makes it, kept as a
/// recipe and built when a rule reads the whole map (``ObjectMetadataValue``), for a caller
/// that makes many requests: one recipe may be shared by every request on the same object.
///
/// Contract: a request made with recipes decides exactly as one made with ``Value/fields(_:)``
/// of the metadata they name.
public struct ObjectMetadataRecipe: Sendable {
  let value: ObjectMetadataValue

  /// No metadata: null (no stored object, or no new metadata).
  public static let null = ObjectMetadataRecipe(value: .null)

  /// ``ObjectMetadata/stored(name:bucket:given:time:)``.
  public static func stored(
    name: String, bucket: String, given: [String: Value] = [:], time: Timestamp
  ) -> ObjectMetadataRecipe {
    ObjectMetadataRecipe(
      value: ObjectMetadata.storedValue(name: name, bucket: bucket, given: given, time: time))
  }

  /// ``ObjectMetadata/upload(name:bucket:given:)``.
  public static func upload(
    name: String, bucket: String, given: [String: Value] = [:]
  ) -> ObjectMetadataRecipe {
    ObjectMetadataRecipe(
      value: ObjectMetadata.uploadValue(
        name: name, lastSegment: ObjectMetadata.lastSegment(of: name), bucket: bucket, given: given))
  }

  /// ``ObjectMetadata/updated(stored:changes:)`` of `stored`'s metadata (null when `stored` is
  /// ``null``).
  public static func updated(stored: ObjectMetadataRecipe, changes: [String: Value]) -> ObjectMetadataRecipe {
    ObjectMetadataRecipe(value: ObjectMetadata.updatedValue(stored: stored.value, changes: changes))
  }
}
