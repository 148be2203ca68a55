import Synchronization

/// Where `Storage.storage()` and `Storage.storage(url:)` find their buckets: the one shared
/// state of the simulator, explicit, behind a lock, and resettable.
///
/// Two ways to configure, checked in this order:
/// - ``withConfiguration(_:operation:)`` binds buckets to the running task and its child tasks
///   only (a task-local value): tests that run in parallel each see their own fresh bucket,
///   even under the same name. This is how tests isolate.
/// - ``configure(_:asDefault:)`` registers a bucket for the whole process, until ``reset()``;
///   tests that use it share it, so give each its own bucket name, or run them serialized.
///
/// `Storage.storage()` is the default bucket (the innermost scoped one, else the last one
/// registered with `asDefault`); `Storage.storage(url: "gs://b")` the bucket `b`. Each call
/// returns the same instance for as long as the configuration lasts, as the SDK's instances are
/// cached. Named after what it does, not the module: a type named `StorageSimulator` would hide
/// the module's name.
public enum StorageSimulation {
  /// The buckets registered for the process, and the default one.
  final class Registry: Sendable {
    struct Entries: Sendable {
      var storages: [String: Storage] = [:]
      var defaultBucket: String?
    }
    let entries = Mutex(Entries())
  }

  /// The process-wide registry.
  static let registry = Registry()

  /// The buckets of the enclosing ``withConfiguration(_:operation:)`` calls, innermost last.
  static let scoped = TaskLocal<[Storage]>(wrappedValue: [])

  /// Registers `configuration`'s bucket for the whole process (a fresh storage, replacing one of
  /// the same name) and, when `asDefault`, makes it what `Storage.storage()` returns.
  ///
  /// - Returns: The storage, as `Storage.storage(url: "gs://<bucket>")` will return it.
  @discardableResult
  public static func configure(_ configuration: StorageConfiguration, asDefault: Bool = true) -> Storage {
    let storage = configuration.makeStorage()
    registry.entries.withLock { entries in
      entries.storages[configuration.bucket] = storage
      if asDefault { entries.defaultBucket = configuration.bucket }
    }
    return storage
  }

  /// Forgets every bucket registered with ``configure(_:asDefault:)``.
  public static func reset() {
    registry.entries.withLock { $0 = Registry.Entries() }
  }

  /// Forgets the bucket `bucket`, registered with ``configure(_:asDefault:)``.
  public static func reset(bucket: String) {
    registry.entries.withLock { entries in
      entries.storages[bucket] = nil
      if entries.defaultBucket == bucket { entries.defaultBucket = nil }
    }
  }

  /// Runs `operation` with fresh storages for `configurations` (the last one the default)
  /// bound to this task and its child tasks; nothing outside sees them, and they end with it.
  @discardableResult
  public static func withConfiguration<T: Sendable>(
    _ configurations: StorageConfiguration..., operation: () async throws -> T
  ) async rethrows -> T {
    let storages = scoped.get() + configurations.map { $0.makeStorage() }
    return try await scoped.withValue(storages, operation: operation)
  }

  /// The storage for `bucket` (nil: the default), scoped first, then registered.
  static func storage(bucket: String?) -> Storage? {
    let scopedStorages = scoped.get()
    if let bucket {
      if let storage = scopedStorages.last(where: { $0.bucket.utf8.elementsEqual(bucket.utf8) }) {
        return storage
      }
      return registry.entries.withLock { $0.storages[bucket] }
    }
    if let storage = scopedStorages.last { return storage }
    return registry.entries.withLock { entries in entries.defaultBucket.flatMap { entries.storages[$0] } }
  }
}
