import Foundation

/// The SDK's `async throws` forms: each is decided and done before it returns.
extension StorageReference {
  /// Every folder and object directly inside this one, in pages of 1,000 as the SDK fetches
  /// them; any failure fails the whole.
  public func listAll() async throws -> StorageListResult {
    try listEverything()
  }

  /// The first page of at most `maxResults` (1...1000) folders and objects.
  public func list(maxResults: Int64) async throws -> StorageListResult {
    try listPage(maxResults: maxResults, pageToken: nil)
  }

  /// The page after `pageToken`, at most `maxResults` (1...1000) entries.
  public func list(maxResults: Int64, pageToken: String) async throws -> StorageListResult {
    try listPage(maxResults: maxResults, pageToken: pageToken)
  }

  /// The object's metadata (`get`).
  public func getMetadata() async throws -> StorageMetadata {
    try readMetadata()
  }

  /// Sends what changed in `metadata` since it was read (`update`, a patch: see
  /// ``StorageMetadata``) and returns the object's metadata after it.
  public func updateMetadata(_ metadata: StorageMetadata) async throws -> StorageMetadata {
    try changeMetadata(metadata)
  }

  /// Deletes the object (`delete`).
  public func delete() async throws {
    try remove()
  }

  /// The object's bytes (`get`); ``StorageError/downloadSizeExceeded(total:maxSize:)`` when
  /// there are more than `maxSize`.
  public func data(maxSize: Int64) async throws -> Data {
    try download(maxSize: maxSize)
  }

  /// A download URL for the object (`get`), stable while the object is not uploaded again.
  public func downloadURL() async throws -> URL {
    try makeDownloadURL()
  }

  /// Uploads `uploadData` (`create`) and returns the object's metadata; `onProgress` is called
  /// once, with all bytes done, before it returns.
  public func putDataAsync(
    _ uploadData: Data, metadata: StorageMetadata? = nil, onProgress: ((Progress?) -> Void)? = nil
  ) async throws -> StorageMetadata {
    let stored = try upload(Array(uploadData), metadata: metadata)
    onProgress?(Self.finished(Int64(uploadData.count)))
    return stored
  }

  /// Uploads the file at `url` (`create`; `contentType` from its extension when not set) and
  /// returns the object's metadata; `onProgress` as in ``putDataAsync(_:metadata:onProgress:)``.
  public func putFileAsync(
    from url: URL, metadata: StorageMetadata? = nil, onProgress: ((Progress?) -> Void)? = nil
  ) async throws -> StorageMetadata {
    let data = try Self.contents(ofFile: url)
    let stored = try upload(Array(data), metadata: Self.fileMetadata(metadata, for: url))
    onProgress?(Self.finished(Int64(data.count)))
    return stored
  }

  /// Downloads the object (`get`) into the file at `fileURL`, replacing it, and returns
  /// `fileURL`; `onProgress` as in ``putDataAsync(_:metadata:onProgress:)``.
  public func writeAsync(toFile fileURL: URL, onProgress: ((Progress?) -> Void)? = nil) async throws -> URL {
    let data = try download(maxSize: .max)
    try Self.write(data, to: fileURL)
    onProgress?(Self.finished(Int64(data.count)))
    return fileURL
  }

  static func finished(_ bytes: Int64) -> Progress {
    let progress = Progress.discreteProgress(totalUnitCount: bytes)
    progress.completedUnitCount = bytes
    return progress
  }
}
