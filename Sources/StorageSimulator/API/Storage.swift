import Foundation
import RulesEvaluator
import StorageBucket
import Synchronization

/// A simulated Firebase Storage instance, shaped like the SDK's `Storage`: one bucket, its
/// rules, the signed-in user and a clock. References made from it list, read, upload, update,
/// download and delete against an in-memory copy of the bucket, each decided by the rules.
///
/// Get one as the SDK's code does, `Storage.storage()` or `Storage.storage(url:)`, after
/// ``StorageSimulation`` has configured the bucket, or make one with
/// ``init(bucket:rules:objects:contents:firestore:auth:clock:)``. Thread-safe: the bucket, the
/// user, the clock and the settings sit behind one lock.
public final class Storage: Sendable {
  /// The bucket, without `gs://`; `""` accepts references to any bucket, as the SDK does.
  public let bucket: String
  private let state: Mutex<State>

  struct State: Sendable {
    /// nil for a storage nobody configured: every operation fails with `unconfigured`.
    var bucket: SimulatedBucket?
    var unconfigured = ""
    var auth: AuthContext?
    var clock: StorageClock
    var settings = Settings()
  }

  /// The SDK's settings, kept and otherwise ignored (no network here), but the callback queue.
  struct Settings: Sendable {
    var maxUploadRetryTime: TimeInterval = 600
    var maxDownloadRetryTime: TimeInterval = 600
    var maxOperationRetryTime: TimeInterval = 120
    var uploadChunkSizeBytes: Int64 = .max
    var callbackQueue = DispatchQueue(label: "StorageSimulator.callbacks")
    var emulator: (host: String, port: Int)?
  }

  /// A storage whose bucket holds `objects` (and `contents`, bytes by object path, for
  /// downloads) and is guarded by `rules` (which should have no errors); `auth` is the
  /// signed-in user (nil: signed out).
  public init(
    bucket: String, rules: CompiledRuleset, objects: BucketListing = BucketListing(),
    contents: [String: Data] = [:], firestore: FirestoreDocuments = FirestoreDocuments(),
    auth: AuthContext? = nil, clock: StorageClock = .system
  ) {
    var simulated = SimulatedBucket(name: bucket, rules: rules, objects: objects, firestore: firestore)
    for (name, data) in contents { simulated.store(name, contents: Array(data)) }
    self.bucket = bucket
    self.state = Mutex(State(bucket: simulated, auth: auth, clock: clock))
  }

  /// A storage for a bucket nobody configured: references work, operations fail with
  /// `internalError(message: reason)`.
  init(unconfigured bucket: String, reason: String) {
    self.bucket = bucket
    self.state = Mutex(State(bucket: nil, unconfigured: reason, auth: nil, clock: .system))
  }

  /// The signed-in user (`request.auth`); nil when signed out.
  public var auth: AuthContext? {
    get { state.withLock { $0.auth } }
    set { state.withLock { $0.auth = newValue } }
  }

  /// Where `request.time` comes from.
  public var clock: StorageClock {
    get { state.withLock { $0.clock } }
    set { state.withLock { $0.clock = newValue } }
  }

  /// The bucket's objects now.
  public var objects: BucketListing { state.withLock { $0.bucket?.objects ?? BucketListing() } }

  /// Where completion handlers and task observers are called. The SDK's default is the main
  /// queue; the simulator's is a serial queue of its own, so that a test process that does not
  /// run the main queue still gets its callbacks. Set `.main` for the SDK's behaviour.
  public var callbackQueue: DispatchQueue {
    get { setting(\.callbackQueue) }
    set { set(\.callbackQueue, to: newValue) }
  }

  /// Kept and ignored: nothing is retried in a simulation.
  public var maxUploadRetryTime: TimeInterval {
    get { setting(\.maxUploadRetryTime) }
    set { set(\.maxUploadRetryTime, to: newValue) }
  }

  /// Kept and ignored: nothing is retried in a simulation.
  public var maxDownloadRetryTime: TimeInterval {
    get { setting(\.maxDownloadRetryTime) }
    set { set(\.maxDownloadRetryTime, to: newValue) }
  }

  /// Kept and ignored: nothing is retried in a simulation.
  public var maxOperationRetryTime: TimeInterval {
    get { setting(\.maxOperationRetryTime) }
    set { set(\.maxOperationRetryTime, to: newValue) }
  }

  /// Kept and ignored: uploads are not chunked in a simulation.
  public var uploadChunkSizeBytes: Int64 {
    get { setting(\.uploadChunkSizeBytes) }
    set { set(\.uploadChunkSizeBytes, to: newValue) }
  }

  private func setting<Value: Sendable>(_ key: KeyPath<Settings, Value>) -> Value {
    state.withLock { $0.settings[keyPath: key] }
  }

  private func set<Value: Sendable>(_ key: WritableKeyPath<Settings, Value>, to value: Value) {
    state.withLock { $0.settings[keyPath: key] = value }
  }

  /// Recorded and otherwise a no-op: the simulated bucket is the emulator.
  public func useEmulator(withHost host: String, port: Int) {
    state.withLock { $0.settings.emulator = (host, port) }
  }

  /// The root of the bucket.
  public func reference() -> StorageReference {
    StorageReference(storage: self, path: StoragePath(bucket: bucket))
  }

  /// The root's child `path`.
  public func reference(withPath path: String) -> StorageReference {
    reference().child(path)
  }

  /// The place a `gs://` or `http[s]://<host>/v0/b/<bucket>/o/<path>` URL names.
  ///
  /// As in the SDK, a URL it cannot parse or that names another bucket is a programming error
  /// and stops the program with the SDK's message; ``reference(for:)`` throws instead.
  public func reference(forURL url: String) -> StorageReference {
    do {
      return try place(url)
    } catch {
      // Deliberate, as in the SDK (issue 15): only a Swift caller's URL string reaches here; the
      // CLI never calls this, and `reference(for:)` is the throwing form. Tested as an exit.
      fatalError(error.message)
    }
  }

  /// The place a `gs://` or `http[s]://<host>/v0/b/<bucket>/o/<path>` URL names.
  ///
  /// - Throws: ``StorageError/pathError(message:)`` for a URL the SDK cannot parse,
  ///   ``StorageError/bucketMismatch(message:)`` when it names another bucket (bytes compared).
  public func reference(for url: URL) throws -> StorageReference {
    try place(url.absoluteString)
  }

  private func place(_ url: String) throws(StorageError) -> StorageReference {
    let path: StoragePath
    do {
      path = try StoragePath(url: url)
    } catch {
      throw .pathError(message: error.message)
    }
    if !bucket.isEmpty && !path.bucket.utf8.elementsEqual(bucket.utf8) {
      throw .bucketMismatch(
        message:
          "Provided bucket: `\(path.bucket)` does not match the Storage bucket of the current instance: `\(bucket)`"
      )
    }
    return StorageReference(storage: self, path: path)
  }

  /// Runs `body` on the bucket with the user and the time of this request, under the lock, and
  /// turns its failure into the SDK's error for `path`.
  func perform<T: Sendable>(
    on path: StoragePath, _ body: (inout SimulatedBucket, AuthContext?, Timestamp) -> Result<T, BucketError>
  ) throws(StorageError) -> T {
    guard path.bucket.utf8.elementsEqual(bucket.utf8) else { throw .bucketNotFound(bucket: path.bucket) }
    let result: Result<T, BucketError> = state.withLock { state in
      guard var simulated = state.bucket else { return .failure(.internalError(message: state.unconfigured)) }
      // Moved out and back, so that changing it does not copy the objects.
      state.bucket = nil
      let result = body(&simulated, state.auth, state.clock.now())
      state.bucket = simulated
      return result
    }
    switch result {
    case .success(let value): return value
    case .failure(let error): throw StorageError(error, path: path)
    }
  }
}
