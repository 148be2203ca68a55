import Synchronization

/// A value worked out by its first reader, behind a lock, and kept for every later one (on any
/// thread): for what a compiled ruleset or a folder needs only sometimes (the coverage layout,
/// the blocks' pattern texts for traces, the folder's user functions).
///
/// Contract: `make` runs at most once per instance, while the lock is held, so it must not read
/// the same instance.
final class ComputedOnce<Value: Sendable>: Sendable {
  private let stored = Mutex<Value?>(nil)

  init() {}

  /// The value, made by `make` on the first call.
  func value(_ make: () -> Value) -> Value {
    stored.withLock { stored in
      if let stored { return stored }
      let value = make()
      stored = value
      return value
    }
  }
}
