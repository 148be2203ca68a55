import Foundation

/// The SDK's completion-handler forms of the operations without a task: each is decided and
/// done when called; the handler is called afterwards on the storage's callback queue. Errors
/// reach handlers as the SDK gives them, `NSError`s bridged from ``StorageError`` (on Linux,
/// Foundation cannot cast them back to `StorageError`: read `StorageErrorCode(rawValue:
/// (error as NSError).code)` and the user info instead).
extension StorageReference {
  public func listAll(completion: @escaping (_: StorageListResult?, _: Error?) -> Void) {
    deliver(Result { () throws(StorageError) in try listEverything() }, to: completion)
  }

  public func list(maxResults: Int64, completion: @escaping (_: StorageListResult?, _: Error?) -> Void) {
    deliver(
      Result { () throws(StorageError) in try listPage(maxResults: maxResults, pageToken: nil) },
      to: completion)
  }

  public func list(
    maxResults: Int64, pageToken: String, completion: @escaping (_: StorageListResult?, _: Error?) -> Void
  ) {
    deliver(
      Result { () throws(StorageError) in try listPage(maxResults: maxResults, pageToken: pageToken) },
      to: completion)
  }

  public func getMetadata(completion: @escaping (_: StorageMetadata?, _: Error?) -> Void) {
    deliver(Result { () throws(StorageError) in try readMetadata() }, to: completion)
  }

  public func updateMetadata(
    _ metadata: StorageMetadata, completion: ((_: StorageMetadata?, _: Error?) -> Void)?
  ) {
    deliver(Result { () throws(StorageError) in try changeMetadata(metadata) }, to: completion)
  }

  public func delete(completion: ((_: Error?) -> Void)?) {
    let result = Result { () throws(StorageError) in try remove() }
    guard let completion else { return }
    let handler = Unchecked(value: completion)
    storage.callbackQueue.async {
      switch result {
      case .success: handler.value(nil)
      case .failure(let error): handler.value(error as NSError)
      }
    }
  }

  public func downloadURL(completion: @escaping (_: URL?, _: Error?) -> Void) {
    deliver(Result { () throws(StorageError) in try makeDownloadURL() }, to: completion)
  }

  // MARK: `Result` forms

  public func listAll(completion: @escaping (Result<StorageListResult, Error>) -> Void) {
    listAll(completion: Self.pair(completion))
  }

  public func list(maxResults: Int64, completion: @escaping (Result<StorageListResult, Error>) -> Void) {
    list(maxResults: maxResults, completion: Self.pair(completion))
  }

  public func list(
    maxResults: Int64, pageToken: String, completion: @escaping (Result<StorageListResult, Error>) -> Void
  ) {
    list(maxResults: maxResults, pageToken: pageToken, completion: Self.pair(completion))
  }

  public func getMetadata(completion: @escaping (Result<StorageMetadata, Error>) -> Void) {
    getMetadata(completion: Self.pair(completion))
  }

  public func updateMetadata(
    _ metadata: StorageMetadata, completion: @escaping (Result<StorageMetadata, Error>) -> Void
  ) {
    updateMetadata(metadata, completion: Self.pair(completion))
  }

  public func downloadURL(completion: @escaping (Result<URL, Error>) -> Void) {
    downloadURL(completion: Self.pair(completion))
  }

  // MARK: Delivery

  /// Calls `completion` with `result` on the callback queue.
  func deliver<T: Sendable>(_ result: Result<T, StorageError>, to completion: ((T?, Error?) -> Void)?) {
    guard let completion else { return }
    let handler = Unchecked(value: completion)
    storage.callbackQueue.async {
      switch result {
      case .success(let value): handler.value(value, nil)
      case .failure(let error): handler.value(nil, error as NSError)
      }
    }
  }

  /// A `(value, error)` handler that calls a `Result` one, as the SDK's do.
  static func pair<T>(_ completion: @escaping (Result<T, Error>) -> Void) -> (T?, Error?) -> Void {
    { value, error in
      if let value {
        completion(.success(value))
      } else {
        completion(
          .failure(error ?? StorageError.internalError(message: "Internal failure in getResultCallback")))
      }
    }
  }
}
