import RulesEvaluator
import Synchronization

/// A simulated Firebase Storage instance, shaped like the SDK's `Storage`: one bucket, its
/// rules, the signed-in user and a clock. References made from it list, read, upload, update
/// and delete against an in-memory copy of the bucket, each decided by the rules.
///
/// Thread-safe: the bucket, the user and the clock sit behind one lock.
public final class Storage: Sendable {
  /// The bucket, without `gs://`; `""` accepts references to any bucket, as the SDK does.
  public let bucket: String
  private let state: Mutex<State>

  struct State: Sendable {
    var bucket: SimulatedBucket
    var auth: AuthContext?
    var clock: StorageClock
  }

  /// A storage whose bucket holds `objects` and is guarded by `rules` (which should have no
  /// errors); `auth` is the signed-in user (nil: signed out).
  public init(
    bucket: String, rules: CompiledRuleset, objects: BucketListing = BucketListing(),
    firestore: FirestoreDocuments = FirestoreDocuments(), auth: AuthContext? = nil,
    clock: StorageClock = .system
  ) {
    self.bucket = bucket
    self.state = Mutex(
      State(
        bucket: SimulatedBucket(name: bucket, rules: rules, objects: objects, firestore: firestore),
        auth: auth,
        clock: clock))
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
  public var objects: BucketListing { state.withLock { $0.bucket.objects } }

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
  /// - Throws: ``StorageError/pathError(message:)`` for a URL the SDK cannot parse,
  ///   ``StorageError/bucketMismatch(message:)`` when it names another bucket (bytes compared).
  ///   (The SDK's `reference(forURL:)` crashes where this throws.)
  public func reference(forURL url: String) throws(StorageError) -> StorageReference {
    let path = try StoragePath(url: url)
    if !bucket.isEmpty && !path.bucket.utf8.elementsEqual(bucket.utf8) {
      throw .bucketMismatch(
        message:
          "Provided bucket: `\(path.bucket)` does not match the Storage bucket of the current instance: `\(bucket)`"
      )
    }
    return StorageReference(storage: self, path: path)
  }

  /// Runs `body` on the bucket with the user and the time of this request, under the lock.
  func perform<T: Sendable>(
    on path: StoragePath, _ body: (inout SimulatedBucket, AuthContext?, Timestamp) -> T
  ) throws(StorageError) -> T {
    guard path.bucket.utf8.elementsEqual(bucket.utf8) else { throw .bucketNotFound(bucket: path.bucket) }
    return state.withLock { state in
      body(&state.bucket, state.auth, state.clock.now())
    }
  }
}
