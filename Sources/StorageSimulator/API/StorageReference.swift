import Foundation
import RulesEvaluator
import StorageBucket

/// A place in a simulated bucket, shaped like the SDK's `StorageReference`: navigation
/// (`child`, `parent()`, `root()`), properties, and the operations in the SDK's forms (async,
/// completion handler, `Result` completion, task), each decided by the rules.
///
/// Equal when they name the same bytes in the same ``Storage``.
public struct StorageReference: Sendable, Hashable, CustomStringConvertible {
  public let storage: Storage
  /// The bucket and the object path (not in the SDK's public API).
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

  // MARK: The operations, done now (every form calls one of these)

  /// Every page of the folder, or the first failure.
  func listEverything() throws(StorageError) -> StorageListResult {
    let page = try storage.perform(on: path) { bucket, auth, time in
      bucket.listAll(folder: path.object, auth: auth, time: time).result
    }
    return StorageListResult(page, root: root())
  }

  /// One page; `maxResults` is checked first, as the SDK does before sending.
  func listPage(maxResults: Int64, pageToken: String?) throws(StorageError) -> StorageListResult {
    guard (1...1000).contains(maxResults) else {
      throw .invalidArgument(message: "Argument 'maxResults' must be between 1 and 1000 inclusive.")
    }
    let page = try storage.perform(on: path) { bucket, auth, time in
      bucket.list(
        folder: path.object, maxResults: Int(maxResults), pageToken: pageToken, auth: auth, time: time
      ).result
    }
    return StorageListResult(page, root: root())
  }

  /// The object's metadata (`get`).
  func readMetadata() throws(StorageError) -> StorageMetadata {
    try object { bucket, auth, time in bucket.getMetadata(path.object, auth: auth, time: time) }
  }

  /// Uploads `bytes` (`create`) with the settable fields of `metadata` that are set.
  func upload(_ bytes: [UInt8], metadata: StorageMetadata?) throws(StorageError) -> StorageMetadata {
    let fields = metadata?.state.withLock { $0.clientFields } ?? [:]
    return try object { bucket, auth, time in
      bucket.upload(path.object, bytes: bytes, metadata: fields, auth: auth, time: time)
    }
  }

  /// Sends what changed in `metadata` since it was read (`update`).
  func changeMetadata(_ metadata: StorageMetadata) throws(StorageError) -> StorageMetadata {
    let changes = metadata.state.withLock { $0.changedFields }
    return try object { bucket, auth, time in
      bucket.updateMetadata(path.object, changes: changes, auth: auth, time: time)
    }
  }

  /// Deletes the object (`delete`).
  func remove() throws(StorageError) {
    _ = try object { bucket, auth, time in bucket.delete(path.object, auth: auth, time: time) }
  }

  /// The object's bytes (`get`), at most `maxSize` of them.
  func download(maxSize: Int64) throws(StorageError) -> Data {
    let bytes = try storage.perform(on: path) { bucket, auth, time in
      bucket.getMetadata(path.object, auth: auth, time: time).result.map { _ in
        bucket.contents(of: path.object)
      }
    }
    guard let bytes else {
      throw .internalError(
        message: "The simulated bucket has no contents for \(path.object): upload them, or give them in "
          + "StorageConfiguration.contents")
    }
    let size = Int64(bytes.count)
    guard size <= maxSize else { throw .downloadSizeExceeded(total: size, maxSize: maxSize) }
    return Data(bytes)
  }

  /// A download URL (`get`): `https://firebasestorage.googleapis.com:443/v0/b/<bucket>/o/<path>`,
  /// escaped as the SDK escapes it, `?alt=media&token=` a token that stays the same for the
  /// same bucket, object and generation.
  func makeDownloadURL() throws(StorageError) -> URL {
    let metadata = try readMetadata()
    let url = DownloadURL.string(bucket: bucket, object: path.object, generation: metadata.generation)
    guard let result = URL(string: url) else {
      throw .internalError(message: "Failed to create a download URL.")
    }
    return result
  }

  private func object(
    _ body: (inout SimulatedBucket, AuthContext?, Timestamp) -> ObjectOutcome
  ) throws(StorageError) -> StorageMetadata {
    let fields = try storage.perform(on: path) { bucket, auth, time in body(&bucket, auth, time).result }
    return StorageMetadata(fields: StorageMetadata.Fields(stored: fields))
  }
}
