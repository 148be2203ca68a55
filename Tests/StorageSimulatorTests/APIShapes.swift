import Foundation
import StorageSimulator

/// Every public shape of FirebaseStorage's Swift API that `StorageSimulator` provides, used as
/// code written against the SDK uses it (names, labels, optionality, completion parameter types,
/// `@discardableResult` where the SDK has it, trailing closures): compile-only, as
/// firebase-ios-sdk's own `FirebaseStorage/Tests/Unit/StorageAPITests.swift` is for the SDK.
/// Nothing here runs; when a shape changes, the test target stops building.
enum APIShapes {
  static func storageShapes() {
    let storage: Storage = Storage.storage()
    let other: Storage = Storage.storage(url: "gs://bucket")
    _ = other
    storage.useEmulator(withHost: "127.0.0.1", port: 9199)
    storage.maxUploadRetryTime = 60
    storage.maxDownloadRetryTime = 60
    storage.maxOperationRetryTime = 60
    storage.uploadChunkSizeBytes = 1 << 20
    storage.callbackQueue = DispatchQueue.main
    let root: StorageReference = storage.reference()
    let child: StorageReference = storage.reference(withPath: "path/to/object")
    let fromURL: StorageReference = storage.reference(forURL: "gs://bucket/path")
    _ = (root, child, fromURL)
  }

  static func referenceShapes(_ storage: Storage) throws {
    let url = URL(string: "gs://bucket/path")
    let reference: StorageReference = try storage.reference(for: url ?? URL(fileURLWithPath: "/"))
    let name: String = reference.name
    let path: String = reference.fullPath
    let bucket: String = reference.bucket
    let parent: StorageReference? = reference.parent()
    let root: StorageReference = reference.root()
    let child: StorageReference = reference.child("a/b")
    let same: Bool = reference == child
    let text: String = reference.description
    let owner: Storage = reference.storage
    _ = (name, path, bucket, parent, root, same, text, owner)
  }

  static func asyncShapes(_ ref: StorageReference, data: Data, file: URL) async throws {
    let all: StorageListResult = try await ref.listAll()
    let page: StorageListResult = try await ref.list(maxResults: 10)
    let next: StorageListResult = try await ref.list(maxResults: 10, pageToken: page.pageToken ?? "")
    let prefixes: [StorageReference] = all.prefixes
    let items: [StorageReference] = next.items
    let metadata: StorageMetadata = try await ref.getMetadata()
    let updated: StorageMetadata = try await ref.updateMetadata(metadata)
    try await ref.delete()
    let bytes: Data = try await ref.data(maxSize: 1024)
    let downloadURL: URL = try await ref.downloadURL()
    let uploaded: StorageMetadata = try await ref.putDataAsync(data)
    let withProgress: StorageMetadata = try await ref.putDataAsync(data, metadata: metadata) { progress in
      _ = progress?.fractionCompleted
    }
    let fromFile: StorageMetadata = try await ref.putFileAsync(from: file)
    let fromFileWithProgress = try await ref.putFileAsync(from: file, metadata: nil) { _ in }
    let written: URL = try await ref.writeAsync(toFile: file)
    let writtenWithProgress: URL = try await ref.writeAsync(toFile: file) { _ in }
    _ = (prefixes, items, updated, bytes, downloadURL, uploaded, withProgress, fromFile)
    _ = (fromFileWithProgress, written, writtenWithProgress)
  }

  static func completionShapes(_ ref: StorageReference, metadata: StorageMetadata) {
    ref.listAll { (result: StorageListResult?, error: Error?) in }
    ref.listAll { (result: Result<StorageListResult, Error>) in }
    ref.list(maxResults: 10) { result, error in }
    ref.list(maxResults: 10) { (result: Result<StorageListResult, Error>) in }
    ref.list(maxResults: 10, pageToken: "token") { result, error in }
    ref.list(maxResults: 10, pageToken: "token") { (result: Result<StorageListResult, Error>) in }
    ref.getMetadata { (metadata: StorageMetadata?, error: Error?) in }
    ref.getMetadata { (result: Result<StorageMetadata, Error>) in }
    ref.updateMetadata(metadata) { metadata, error in }
    ref.updateMetadata(metadata, completion: nil)
    ref.updateMetadata(metadata) { (result: Result<StorageMetadata, Error>) in }
    ref.delete { (error: Error?) in }
    ref.delete(completion: nil)
    ref.downloadURL { (url: URL?, error: Error?) in }
    ref.downloadURL { (result: Result<URL, Error>) in }
  }

  static func taskShapes(_ ref: StorageReference, data: Data, file: URL, metadata: StorageMetadata) {
    ref.putData(data)
    ref.putData(data, metadata: metadata)
    let upload: StorageUploadTask = ref.putData(data, metadata: nil) {
      (metadata: StorageMetadata?, error: Error?) in
    }
    ref.putData(data) { (result: Result<StorageMetadata, Error>) in }
    ref.putData(data, metadata: metadata, completion: nil)
    ref.putFile(from: file)
    ref.putFile(from: file, metadata: metadata) { metadata, error in }
    ref.putFile(from: file) { (result: Result<StorageMetadata, Error>) in }
    let download: StorageDownloadTask = ref.getData(maxSize: 1024) { (data: Data?, error: Error?) in }
    ref.getData(maxSize: 1024) { (result: Result<Data, Error>) in }
    ref.write(toFile: file)
    ref.write(toFile: file) { (url: URL?, error: Error?) in }
    ref.write(toFile: file) { (result: Result<URL, Error>) in }
    ref.write(toFile: file, completion: nil)

    let handle: String = upload.observe(.progress) { (snapshot: StorageTaskSnapshot) in
      let progress: Progress? = snapshot.progress
      let status: StorageTaskStatus = snapshot.status
      let error: Error? = snapshot.error
      let metadata: StorageMetadata? = snapshot.metadata
      let reference: StorageReference = snapshot.reference
      let task: StorageTask = snapshot.task
      _ = (progress, status, error, metadata, reference, task)
    }
    upload.observe(.resume) { _ in }
    upload.observe(.pause) { _ in }
    upload.observe(.success) { _ in }
    upload.observe(.failure) { _ in }
    upload.removeObserver(withHandle: handle)
    upload.removeAllObservers(for: .progress)
    upload.removeAllObservers()
    upload.enqueue()
    upload.pause()
    upload.resume()
    upload.cancel()
    download.pause()
    download.resume()
    download.cancel()
    let snapshot: StorageTaskSnapshot = download.snapshot
    let management: StorageTaskManagement = download
    let observable: StorageObservableTask = upload
    _ = (snapshot, management, observable)
  }

  static func metadataShapes() {
    let metadata = StorageMetadata()
    metadata.contentType = "image/jpeg"
    metadata.cacheControl = "public,max-age=300"
    metadata.contentDisposition = nil
    metadata.contentEncoding = nil
    metadata.contentLanguage = "en"
    metadata.customMetadata = ["location": "Yosemite, CA, USA"]
    let fromDictionary = StorageMetadata(dictionary: ["contentType": "text/plain", "size": 3])
    let dictionary: [String: AnyHashable] = fromDictionary.dictionaryRepresentation()
    let bucket: String = metadata.bucket
    let size: Int64 = metadata.size
    let generation: Int64 = metadata.generation
    let metageneration: Int64 = metadata.metageneration
    let name: String? = metadata.name
    let path: String? = metadata.path
    let md5: String? = metadata.md5Hash
    let created: Date? = metadata.timeCreated
    let updated: Date? = metadata.updated
    let isFile: Bool = metadata.isFile
    let isFolder: Bool = metadata.isFolder
    let equal: Bool = metadata == fromDictionary
    let copy = metadata.copy()
    _ = (dictionary, bucket, size, generation, metageneration, name, path, md5, created, updated)
    _ = (isFile, isFolder, equal, copy)
  }

  static func errorShapes(_ error: Error) {
    let domain: String = StorageErrorDomain
    let nsError = error as NSError
    if nsError.domain == domain, let code = StorageErrorCode(rawValue: nsError.code) {
      switch code {
      case .objectNotFound, .unauthorized, .cancelled, .unknown: break
      case .bucketNotFound, .projectNotFound, .quotaExceeded, .unauthenticated, .retryLimitExceeded: break
      case .nonMatchingChecksum, .downloadSizeExceeded, .invalidArgument, .bucketMismatch: break
      case .internalError, .pathError: break
      }
    }
    do {
      throw error
    } catch StorageError.objectNotFound(let object, _) {
      _ = object
    } catch StorageError.unauthorized(let bucket, let object, let serverError) {
      _ = (bucket, object, serverError["ResponseErrorCode"] as? Int)
    } catch StorageError.unknown(let message, let serverError) {
      _ = (message, serverError)
    } catch StorageError.downloadSizeExceeded(let total, let maxSize) {
      _ = (total, maxSize)
    } catch StorageError.bucketNotFound(let bucket) {
      _ = bucket
    } catch StorageError.invalidArgument(let message), StorageError.internalError(let message),
      StorageError.bucketMismatch(let message), StorageError.pathError(let message)
    {
      _ = message
    } catch let error as StorageError {
      let code: Int = error.errorCode
      let info: [String: Any] = error.errorUserInfo
      _ = (code, info, StorageError.errorDomain)
    } catch {
      _ = error.localizedDescription
    }
    let statuses: [StorageTaskStatus] = [.unknown, .resume, .progress, .pause, .success, .failure]
    _ = statuses
  }
}
