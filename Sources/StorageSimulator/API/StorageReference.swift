import RulesEvaluator

/// A place in a simulated bucket, shaped like the SDK's `StorageReference`: navigation
/// (`child`, `parent()`, `root()`), properties, and the operations, each decided by the rules.
///
/// Equal when they name the same bytes in the same ``Storage``.
public struct StorageReference: Sendable, Hashable, CustomStringConvertible {
  public let storage: Storage
  public let path: StoragePath

  init(storage: Storage, path: StoragePath) {
    self.storage = storage
    self.path = path
  }

  public var bucket: String { path.bucket }
  /// The path without a leading slash; `""` at the root.
  public var fullPath: String { path.object }
  /// The last segment; `""` at the root.
  public var name: String { path.name }
  /// `gs://bucket/path`.
  public var description: String { path.description }

  /// `path` appended: split on `/`, empty segments dropped, `.` and `..` kept.
  public func child(_ path: String) -> StorageReference {
    StorageReference(storage: storage, path: self.path.child(path))
  }

  /// One level up; nil at the root.
  public func parent() -> StorageReference? {
    path.parent().map { StorageReference(storage: storage, path: $0) }
  }

  public func root() -> StorageReference {
    StorageReference(storage: storage, path: path.root())
  }

  public static func == (lhs: StorageReference, rhs: StorageReference) -> Bool {
    lhs.storage === rhs.storage && lhs.path == rhs.path
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(storage))
    hasher.combine(path)
  }

  // MARK: Listing

  /// Every folder and object directly inside this one, in pages of 1,000 as the SDK fetches
  /// them; any failure fails the whole.
  public func listAll() async throws(StorageError) -> StorageListResult {
    let outcome = try storage.perform(on: path) { bucket, auth, time in
      bucket.listAll(folder: path.object, auth: auth, time: time)
    }
    return StorageListResult(try outcome.result.get(), root: root())
  }

  /// The first page of at most `maxResults` (1...1000) folders and objects.
  public func list(maxResults: Int64) async throws(StorageError) -> StorageListResult {
    try page(maxResults: maxResults, pageToken: nil)
  }

  /// The page after `pageToken`, at most `maxResults` (1...1000) entries.
  public func list(maxResults: Int64, pageToken: String) async throws(StorageError) -> StorageListResult {
    try page(maxResults: maxResults, pageToken: pageToken)
  }

  private func page(maxResults: Int64, pageToken: String?) throws(StorageError) -> StorageListResult {
    guard let limit = Int(exactly: maxResults) else { throw .maxResultsOutOfRange }
    let outcome = try storage.perform(on: path) { bucket, auth, time in
      bucket.list(folder: path.object, maxResults: limit, pageToken: pageToken, auth: auth, time: time)
    }
    return StorageListResult(try outcome.result.get(), root: root())
  }

  // MARK: Objects

  /// The object's metadata (`get`).
  public func getMetadata() async throws(StorageError) -> StorageMetadata {
    try object { bucket, auth, time in bucket.getMetadata(path.object, auth: auth, time: time) }
  }

  /// Uploads `data` (`create`, also over an existing object) with the fields set in `metadata`.
  @discardableResult
  public func putData(
    _ data: some Sequence<UInt8>, metadata: StorageMetadata? = nil
  ) async throws(StorageError) -> StorageMetadata {
    let bytes = Array(data)
    let fields = metadata?.clientFields ?? [:]
    return try object { bucket, auth, time in
      bucket.upload(path.object, bytes: bytes, metadata: fields, auth: auth, time: time)
    }
  }

  /// Sends what changed in `metadata` since it was read (`update`, a patch: see
  /// ``StorageMetadata``) and returns the object as stored after it.
  @discardableResult
  public func updateMetadata(_ metadata: StorageMetadata) async throws(StorageError) -> StorageMetadata {
    let changes = metadata.changedFields
    return try object { bucket, auth, time in
      bucket.updateMetadata(path.object, changes: changes, auth: auth, time: time)
    }
  }

  /// Deletes the object (`delete`).
  public func delete() async throws(StorageError) {
    _ = try object { bucket, auth, time in bucket.delete(path.object, auth: auth, time: time) }
  }

  private func object(
    _ body: (inout SimulatedBucket, AuthContext?, Timestamp) -> ObjectOutcome
  ) throws(StorageError) -> StorageMetadata {
    let outcome = try storage.perform(on: path, body)
    return StorageMetadata(fields: try outcome.result.get())
  }
}
