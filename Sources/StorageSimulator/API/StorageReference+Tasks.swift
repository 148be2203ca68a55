import Foundation

/// The SDK's task forms: uploads and downloads return a started task that runs on the
/// storage's callback queue after the call returns; completion handlers are its success and
/// failure observers.
extension StorageReference {
  /// Uploads `uploadData` (`create`).
  @discardableResult
  public func putData(_ uploadData: Data, metadata: StorageMetadata? = nil) -> StorageUploadTask {
    putData(uploadData, metadata: metadata, completion: nil)
  }

  @discardableResult
  public func putData(
    _ uploadData: Data, metadata: StorageMetadata? = nil,
    completion: ((_: StorageMetadata?, _: Error?) -> Void)?
  ) -> StorageUploadTask {
    let bytes = Array(uploadData)
    let task = StorageUploadTask(reference: self, total: Int64(bytes.count)) {
      Result { () throws(StorageError) in
        StorageTask.Outcome(metadata: try upload(bytes, metadata: metadata), bytes: Int64(bytes.count))
      }
    }
    return started(task, completion: completion) { $0.metadata }
  }

  @discardableResult
  public func putData(
    _ uploadData: Data, metadata: StorageMetadata? = nil,
    completion: @escaping (Result<StorageMetadata, Error>) -> Void
  ) -> StorageUploadTask {
    putData(uploadData, metadata: metadata, completion: Self.pair(completion))
  }

  /// Uploads the file at `fileURL` (`create`; `contentType` from its extension when not set); a
  /// URL that names no regular file fails the task before it starts, as in the SDK.
  @discardableResult
  public func putFile(from fileURL: URL, metadata: StorageMetadata? = nil) -> StorageUploadTask {
    putFile(from: fileURL, metadata: metadata, completion: nil)
  }

  @discardableResult
  public func putFile(
    from fileURL: URL, metadata: StorageMetadata? = nil,
    completion: ((_: StorageMetadata?, _: Error?) -> Void)?
  ) -> StorageUploadTask {
    let fileMetadata = Self.fileMetadata(metadata, for: fileURL)
    let task = StorageUploadTask(reference: self, total: 0, check: { Self.unreadable(fileURL) }) {
      Result { () throws(StorageError) in
        let data = try Self.contents(ofFile: fileURL)
        return StorageTask.Outcome(
          metadata: try upload(Array(data), metadata: fileMetadata), bytes: Int64(data.count))
      }
    }
    return started(task, completion: completion) { $0.metadata }
  }

  @discardableResult
  public func putFile(
    from: URL, metadata: StorageMetadata? = nil,
    completion: @escaping (Result<StorageMetadata, Error>) -> Void
  ) -> StorageUploadTask {
    putFile(from: from, metadata: metadata, completion: Self.pair(completion))
  }

  /// Downloads the object's bytes (`get`), at most `maxSize`.
  @discardableResult
  public func getData(
    maxSize: Int64, completion: @escaping (_: Data?, _: Error?) -> Void
  ) -> StorageDownloadTask {
    let task = StorageDownloadTask(reference: self, total: 0) {
      Result { () throws(StorageError) in
        let data = try download(maxSize: maxSize)
        return StorageTask.Outcome(data: data, bytes: Int64(data.count))
      }
    }
    return started(task, completion: completion) { $0.data }
  }

  @discardableResult
  public func getData(
    maxSize: Int64, completion: @escaping (Result<Data, Error>) -> Void
  ) -> StorageDownloadTask {
    getData(maxSize: maxSize, completion: Self.pair(completion))
  }

  /// Downloads the object (`get`) into the file at `fileURL`, replacing it.
  @discardableResult
  public func write(toFile fileURL: URL) -> StorageDownloadTask {
    write(toFile: fileURL, completion: nil)
  }

  @discardableResult
  public func write(toFile fileURL: URL, completion: ((_: URL?, _: Error?) -> Void)?) -> StorageDownloadTask {
    let task = StorageDownloadTask(reference: self, total: 0) {
      Result { () throws(StorageError) in
        let data = try download(maxSize: .max)
        try Self.write(data, to: fileURL)
        return StorageTask.Outcome(bytes: Int64(data.count))
      }
    }
    return started(task, completion: completion) { _ in fileURL }
  }

  @discardableResult
  public func write(toFile: URL, completion: @escaping (Result<URL, Error>) -> Void) -> StorageDownloadTask {
    write(toFile: toFile, completion: Self.pair(completion))
  }

  /// `task`, with `completion` observing its end, started.
  private func started<Task: StorageObservableTask, T>(
    _ task: Task, completion: ((T?, Error?) -> Void)?, value: @escaping (StorageTask.Outcome) -> T?
  ) -> Task {
    if let completion {
      task.observe(.success) { snapshot in
        let outcome = snapshot.task.core.withLock { $0.outcome }
        completion(outcome.flatMap(value), nil)
      }
      task.observe(.failure) { snapshot in completion(nil, snapshot.error) }
    }
    task.start()
    return task
  }
}
