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
final class DeferredMetadata: Sendable {
  enum Recipe: Sendable {
    /// ``ObjectMetadata/storedMap(name:bucket:given:time:)``.
    case stored(name: String, bucket: String, given: [String: Value], time: Timestamp)
    /// ``ObjectMetadata/uploadMap(name:lastSegment:bucket:given:)``.
    case upload(name: String, lastSegment: String, bucket: String, given: [String: Value])
    /// ``ObjectMetadata/updatedMap(stored:changes:)`` of a stored object's recipe.
    case updated(stored: DeferredMetadata, changes: [String: Value])
  }

  let recipe: Recipe
  private let built = Mutex<Value?>(nil)

  init(_ recipe: Recipe) {
    self.recipe = recipe
  }

  /// The map, built on the first call and kept.
  var value: Value {
    built.withLock { built in
      if let built { return built }
      let value = Value.map(map())
      built = value
      return value
    }
  }

  /// The recipe's map as a dictionary.
  private func map() -> [MapKey: Value] {
    switch recipe {
    case .stored(let name, let bucket, let given, let time):
      ObjectMetadata.storedMap(name: name, bucket: bucket, given: given, time: time)
    case .upload(let name, let lastSegment, let bucket, let given):
      ObjectMetadata.uploadMap(name: name, lastSegment: lastSegment, bucket: bucket, given: given)
    case .updated(let stored, let changes):
      if case .map(let fields) = stored.value {
        ObjectMetadata.updatedMap(stored: fields, changes: changes)
      } else {
        [:]
      }
    }
  }

  /// The entry `name` of ``value``: read from the map once it is built, else from the recipe of
  /// a stored object or an upload (an update's recipe builds the map).
  func field(_ name: String) -> Value? {
    if let map = built.withLock({ $0 }) {
      guard case .map(let fields) = map else { return nil }
      return Operators.entry(fields, name)
    }
    switch recipe {
    case .stored(let objectName, let bucket, let given, let time):
      if let value = Self.given(given, name) { return value }
      switch name {
      case "name": return .string(objectName)
      case "bucket": return .string(bucket)
      case "timeCreated", "updated": return .timestamp(time)
      default: return ObjectMetadata.storedDefault(name)
      }
    case .upload(let objectName, let lastSegment, let bucket, let given):
      if name != "timeCreated", name != "updated", let value = Self.given(given, name) { return value }
      switch name {
      case "name": return .string(objectName)
      case "bucket": return .string(bucket)
      case "contentDisposition":
        return .string(RequestContext.concatenate("inline; filename*=utf-8''", lastSegment))
      default: return ObjectMetadata.uploadDefault(name)
      }
    case .updated:
      guard case .map(let fields) = value else { return nil }
      return Operators.entry(fields, name)
    }
  }

  /// The value `given` has for `name`, keys compared by bytes as map keys are.
  private static func given(_ given: [String: Value], _ name: String) -> Value? {
    for (key, value) in given where JavaString.equal(key, name) { return value }
    return nil
  }
}
