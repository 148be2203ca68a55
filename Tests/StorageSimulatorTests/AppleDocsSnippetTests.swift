import Foundation
import RulesEvaluator
import StorageBucket
import StorageSimulator
import Testing

/// The smallest stand-in for UIKit's `UIImage` (not on Linux), so that the pages'
/// `let image = UIImage(data: data!)` compiles as written.
private struct UIImage {
  let data: Data
  init?(data: Data) { self.data = data }
}

/// The Swift snippets of the Apple-platform Storage pages that `SeedExampleTests` and
/// `ApplePageExampleTests` do not run as written, from the file the pages quote
/// (https://github.com/firebase/snippets-ios/blob/master/storage/StorageReferenceSwift/ViewController.swift,
/// each named by its `[START …]` tag), run against a configured `Storage.storage()` on the
/// success path and the error paths the page shows, and checked against what the page says (or,
/// where the page and the SDK disagree, against the SDK, said where). Changed: the placeholders
/// (`// Uh-oh, an error occurred!`, `// ...`, `break`) record what they see; `_ =` before the
/// bare comparisons; no parentheses around `switch` subjects, and line breaks, as swift-format
/// wants; a snippet run more than once is a function whose parameters are the lines before
/// its `[START]` (`storageRef`, `localURL`) or its first line (`localFile`, `localURL`: the
/// callers pass the page's `URL(string: "path/to/image")!` and a file in a temporary
/// directory); `storageRef`, which the sample app makes outside the snippets as the root, is
/// the object the snippet's comment names where the snippet uploads or downloads `storageRef`
/// itself (the SDK stops the program on an upload to the root).
@Suite("Apple docs snippets")
struct AppleDocsSnippetTests {
  typealias Seen = ApplePageExampleTests.Seen

  static let rules = Fixtures.rules(
    """
    match /images/{file} {
      allow read, write: if request.auth != null;
    }
    match /desert.jpg { allow read, delete: if request.auth != null; }
    """)

  static let contents: [String: Data] = [
    "images/island.jpg": Data("island".utf8), "images/stars.jpg": Data("stars".utf8),
    "images/forest.jpg": Data("forest".utf8), "images/mountains.jpg": Data("mountains".utf8),
    "desert.jpg": Data("desert".utf8),
  ]

  static func bucket(signedIn: Bool = true, contents: [String: Data] = contents) -> StorageConfiguration {
    StorageConfiguration(
      bucket: "bkt", rules: rules, contents: contents, auth: signedIn ? AuthContext(uid: "alice") : nil,
      clock: .fixed(Fixtures.time))
  }

  /// Waits until the callbacks queued on the storage's callback queue, and those they queue in
  /// turn (`rounds` deep), have run.
  static func settle(_ storage: Storage, rounds: Int = 4) async {
    for _ in 0..<rounds {
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        storage.callbackQueue.async { done.resume() }
      }
    }
  }

  // MARK: Upload files

  /// `firstorage_upload`, and "You cannot upload data with a reference to the root".
  @Test func uploadPageReferences() async {
    await StorageSimulation.withConfiguration(Self.bucket()) {
      let storage = Storage.storage()

      // Create a root reference
      let storageRef = storage.reference()

      // Create a reference to "mountains.jpg"
      let mountainsRef = storageRef.child("mountains.jpg")

      // Create a reference to 'images/mountains.jpg'
      let mountainImagesRef = storageRef.child("images/mountains.jpg")

      // While the file names are the same, the references point to different files
      _ = mountainsRef.name == mountainImagesRef.name  // true
      _ = mountainsRef.fullPath == mountainImagesRef.fullPath  // false

      #expect(mountainsRef.name == mountainImagesRef.name)
      #expect(mountainsRef.fullPath != mountainImagesRef.fullPath)
      // The SDK stops the program on an upload to the root; the simulator fails it.
      await Fixtures.expectError(
        .invalidArgument,
        "The operation 'putData' cannot be performed on a root reference, create a non-root reference "
          + "using child, such as .child('file.png')."
      ) { try await storageRef.putDataAsync(Data([1])) }
    }
  }

  /// `firstorage_disk`: `localFile` (the page's first line) is given.
  @discardableResult
  static func uploadFromDisk(
    _ storageRef: StorageReference, localFile: URL, _ seen: Seen
  ) -> StorageUploadTask {
    // Create a reference to the file you want to upload
    let riversRef = storageRef.child("images/rivers.jpg")

    // Upload the file to the path "images/rivers.jpg"
    let uploadTask = riversRef.putFile(from: localFile, metadata: nil) { metadata, error in
      guard let metadata = metadata else {
        // Uh-oh, an error occurred!
        seen.add("error \(error?.localizedDescription ?? "")")
        return
      }
      // Metadata contains file metadata such as size, content-type.
      let size = metadata.size
      seen.add("size \(size) \(metadata.contentType ?? "")")
      // You can also access to download URL after upload.
      riversRef.downloadURL { (url, error) in
        guard let downloadURL = url else {
          // Uh-oh, an error occurred!
          seen.add("no URL")
          return
        }
        seen.add(downloadURL.path)
      }
    }
    return uploadTask
  }

  @Test func uploadFromDiskSnippet() async throws {
    try await Fixtures.withTemporaryDirectory { directory async throws in
      let image = directory.appendingPathComponent("image")
      try Data([0xFF, 0xD8, 0xFF]).write(to: image)
      let seen = Seen()
      await StorageSimulation.withConfiguration(Self.bucket()) {
        let storage = Storage.storage()
        // File located on disk
        let uploadTask = Self.uploadFromDisk(storage.reference(), localFile: image, seen)
        await Self.settle(storage)
        #expect(uploadTask.snapshot.reference.fullPath == "images/rivers.jpg")
      }
      // No extension: the type the SDK falls back to.
      #expect(
        seen.all == [
          "size 3 application/octet-stream", "/v0/b/bkt/o/images/rivers.jpg",
        ])

      // The page's own URL is no file: the SDK's error.
      let failed = Seen()
      await StorageSimulation.withConfiguration(Self.bucket()) {
        let storage = Storage.storage()
        // File located on disk
        let localFile = URL(string: "path/to/image")!
        Self.uploadFromDisk(storage.reference(), localFile: localFile, failed)
        await Self.settle(storage)
      }
      #expect(
        failed.all == [
          "error File at URL: path/to/image is not reachable. Ensure file URL is not a directory, symbolic "
            + "link, or invalid url."
        ])
    }
  }

  /// `firstorage_metadata`: the uploads' results are not read; the second replaces the first.
  @Test func uploadDataAndFileWithMetadata() async throws {
    try await Fixtures.withTemporaryDirectory { directory async throws in
      let localFile = directory.appendingPathComponent("image")
      try Data([1, 2, 3, 4]).write(to: localFile)
      try await StorageSimulation.withConfiguration(Self.bucket(contents: [:])) { () async throws in
        let storageRef = Storage.storage().reference()
        let data = Data()

        // Create storage reference
        let mountainsRef = storageRef.child("images/mountains.jpg")

        // Create file metadata including the content type
        let metadata = StorageMetadata()
        metadata.contentType = "image/jpeg"

        // Upload data and metadata
        mountainsRef.putData(data, metadata: metadata)

        // Upload file and metadata
        mountainsRef.putFile(from: localFile, metadata: metadata)

        await Self.settle(Storage.storage())
        let stored = try await mountainsRef.getMetadata()
        #expect(stored.contentType == "image/jpeg" && stored.size == 4 && stored.generation == 2)
      }
    }
  }

  /// `firstorage_pause` and `firstorage_progress`, on the callback queue (where a simulated
  /// task waits until the code that started it is done): cancelled, nothing is stored.
  @Test func manageUploadsSnippet() async throws {
    try await Fixtures.withTemporaryDirectory { directory async throws in
      let localFile = directory.appendingPathComponent("image.jpg")
      try Data([1]).write(to: localFile)
      let seen = Seen()
      await StorageSimulation.withConfiguration(Self.bucket(contents: [:])) {
        let storage = Storage.storage()
        let storageRef = storage.reference(withPath: "images/mountains.jpg")
        let uploadTask = storage.callbackQueue.sync {
          // Start uploading a file
          let uploadTask = storageRef.putFile(from: localFile)

          // Pause the upload
          uploadTask.pause()

          // Resume the upload
          uploadTask.resume()

          // Cancel the upload
          uploadTask.cancel()

          // Add a progress observer to an upload task
          let observer = uploadTask.observe(.progress) { snapshot in
            // A progress event occured
            seen.add("progress")
          }
          seen.add("observer \(!observer.isEmpty)")
          return uploadTask
        }
        await Self.settle(storage)
        let snapshot = uploadTask.snapshot
        #expect(snapshot.status == .failure)
        #expect((snapshot.error as NSError?)?.code == StorageErrorCode.cancelled.rawValue)
        #expect(storage.objects.count == 0)
      }
      #expect(seen.all == ["observer true"])
    }
  }

  /// `firstorage_task`, on the callback queue: no observer left is called; the upload goes on.
  @Test func uploadObserverHandlesSnippet() async throws {
    try await Fixtures.withTemporaryDirectory { directory async throws in
      let localFile = directory.appendingPathComponent("image.jpg")
      try Data([1, 2]).write(to: localFile)
      let seen = Seen()
      await StorageSimulation.withConfiguration(Self.bucket(contents: [:])) {
        let storage = Storage.storage()
        let storageRef = storage.reference(withPath: "images/mountains.jpg")
        let uploadTask = storageRef.putFile(from: localFile)
        storage.callbackQueue.sync {
          // Create a task listener handle
          let observer = uploadTask.observe(.progress) { snapshot in
            // A progress event occurred
            seen.add("progress")
          }

          // Remove an individual observer
          uploadTask.removeObserver(withHandle: observer)

          // Remove all observers of a particular status
          uploadTask.removeAllObservers(for: .progress)

          // Remove all observers
          uploadTask.removeAllObservers()
        }
        await Self.settle(storage)
        #expect(uploadTask.snapshot.status == .success)
        let stored = try? await storageRef.getMetadata()
        #expect(stored?.size == 2)
      }
      #expect(seen.all.isEmpty)
    }
  }

  /// `firstorage_upload_combined`: `localFile` (the page's first line) is given; `storageRef`
  /// is the object its comment names.
  static func monitorUpload(_ storageRef: StorageReference, localFile: URL, _ seen: Seen) {
    // Create the file metadata
    let metadata = StorageMetadata()
    metadata.contentType = "image/jpeg"

    // Upload file and metadata to the object 'images/mountains.jpg'
    let uploadTask = storageRef.putFile(from: localFile, metadata: metadata)

    // Listen for state changes, errors, and completion of the upload.
    uploadTask.observe(.resume) { snapshot in
      // Upload resumed, also fires when the upload starts
      seen.add("resume")
    }

    uploadTask.observe(.pause) { snapshot in
      // Upload paused
      seen.add("pause")
    }

    uploadTask.observe(.progress) { snapshot in
      // Upload reported progress
      let percentComplete =
        100.0 * Double(snapshot.progress!.completedUnitCount)
        / Double(snapshot.progress!.totalUnitCount)
      seen.add("progress \(percentComplete)")
    }

    uploadTask.observe(.success) { snapshot in
      // Upload completed successfully
      seen.add("success \(snapshot.metadata?.contentType ?? "")")
    }

    uploadTask.observe(.failure) { snapshot in
      if let error = snapshot.error as? NSError {
        switch StorageErrorCode(rawValue: error.code)! {
        case .objectNotFound:
          // File doesn't exist
          seen.add("objectNotFound")
        case .unauthorized:
          // User doesn't have permission to access file
          seen.add("unauthorized")
        case .cancelled:
          // User canceled the upload
          seen.add("cancelled")

        /* ... */

        case .unknown:
          // Unknown error occurred, inspect the server response
          seen.add("unknown \(error.localizedDescription)")
        default:
          // A separate error occurred. This is a good place to retry the upload.
          seen.add("other")
        }
      }
    }
  }

  @Test func monitorUploadSnippet() async throws {
    try await Fixtures.withTemporaryDirectory { directory async throws in
      let image = directory.appendingPathComponent("image")
      try Data(count: 4096).write(to: image)
      let seen = Seen()
      await StorageSimulation.withConfiguration(Self.bucket(contents: [:])) {
        let storage = Storage.storage()
        // Local file you want to upload
        Self.monitorUpload(storage.reference(withPath: "images/mountains.jpg"), localFile: image, seen)
        await Self.settle(storage)
      }
      #expect(seen.all == ["resume", "progress 100.0", "success image/jpeg"])

      let denied = Seen()
      await StorageSimulation.withConfiguration(Self.bucket(signedIn: false)) {
        let storage = Storage.storage()
        Self.monitorUpload(storage.reference(withPath: "images/mountains.jpg"), localFile: image, denied)
        await Self.settle(storage)
      }
      #expect(denied.all == ["resume", "unauthorized"])

      // The page's own URL is no file: the SDK fails the task before it starts.
      let unreachable = Seen()
      await StorageSimulation.withConfiguration(Self.bucket()) {
        let storage = Storage.storage()
        // Local file you want to upload
        let localFile = URL(string: "path/to/image")!
        Self.monitorUpload(
          storage.reference(withPath: "images/mountains.jpg"), localFile: localFile, unreachable)
        await Self.settle(storage)
      }
      #expect(
        unreachable.all == [
          "unknown File at URL: path/to/image is not reachable. Ensure file URL is not a directory, "
            + "symbolic link, or invalid url."
        ])
    }
  }

  // MARK: Download files

  /// `firstorage_reference`, with the page's placeholder bucket as the app's bucket.
  @Test func downloadPageReferences() async throws {
    var configuration = Self.bucket()
    configuration.bucket = "<your-firebase-storage-bucket>"
    try await StorageSimulation.withConfiguration(configuration) { () async throws in
      let storage = Storage.storage()

      // Create a reference with an initial file path and name
      let pathReference = storage.reference(withPath: "images/stars.jpg")

      // Create a reference from a Google Cloud Storage URI
      let gsReference = storage.reference(forURL: "gs://<your-firebase-storage-bucket>/images/stars.jpg")

      #expect(pathReference == gsReference)
      #expect(gsReference.fullPath == "images/stars.jpg")
      // The page's HTTPS URL has no `/v0` (it stops the SDK, and the simulator: see below); the
      // SDK's own download URLs have one, and their escapes are decoded.
      let httpsReference = try Storage(bucket: "bucket", rules: Self.rules).reference(
        for: try #require(
          URL(string: "https://firebasestorage.googleapis.com/v0/b/bucket/o/images%20stars.jpg")))
      #expect(httpsReference.fullPath == "images stars.jpg" && httpsReference.bucket == "bucket")
    }
  }

  /// The page's `httpsReference` line stops the program, as it does with the SDK (its URL is not
  /// `http[s]://<host>/v0/b/<bucket>/o/<path>`).
  @Test func downloadPageHTTPSReferenceStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      let storage = Storage(bucket: "bucket", rules: Fixtures.open)
      // Create a reference from an HTTPS URL
      // Note that in the URL, characters are URL escaped!
      let httpsReference = storage.reference(
        forURL: "https://firebasestorage.googleapis.com/b/bucket/o/images%20stars.jpg")
      _ = httpsReference
    }
  }

  /// `firstorage_download`; `UIImage` is the stand-in above.
  static func downloadInMemory(_ storageRef: StorageReference, _ seen: Seen) {
    // Create a reference to the file you want to download
    let islandRef = storageRef.child("images/island.jpg")

    // Download in memory with a maximum allowed size of 1MB (1 * 1024 * 1024 bytes)
    islandRef.getData(maxSize: 1 * 1024 * 1024) { data, error in
      if let error = error {
        // Uh-oh, an error occurred!
        seen.add("error \(error.localizedDescription)")
      } else {
        // Data for "images/island.jpg" is returned
        let image = UIImage(data: data!)
        seen.add("image \(String(decoding: image?.data ?? Data(), as: UTF8.self))")
      }
    }
  }

  @Test(arguments: [
    (true, contents, "image island"),
    (true, [:], "error Object images/island.jpg does not exist."),
    (false, contents, "error User does not have permission to access gs://bkt/images/island.jpg."),
    (
      true, ["images/island.jpg": Data(count: 1024 * 1024 + 1)],
      "error Attempted to download object with size of 1048577 bytes, which exceeds the maximum size of "
        + "1048576 bytes. Consider raising the maximum download maxSize, or using StorageReference.write"
    ),
  ])
  func downloadInMemorySnippet(signedIn: Bool, contents: [String: Data], expected: String) async {
    let seen = Seen()
    await StorageSimulation.withConfiguration(Self.bucket(signedIn: signedIn, contents: contents)) {
      let storageRef = Storage.storage().reference()
      Self.downloadInMemory(storageRef, seen)
      await Self.settle(Storage.storage())
    }
    #expect(seen.all == [expected])
  }

  /// `firstorage_download_disk`: `localURL` (the page's second line) is given.
  @discardableResult
  static func downloadToDisk(
    _ storageRef: StorageReference, localURL: URL, _ seen: Seen
  ) -> StorageDownloadTask {
    // Create a reference to the file you want to download
    let islandRef = storageRef.child("images/island.jpg")

    // Download to the local filesystem
    let downloadTask = islandRef.write(toFile: localURL) { url, error in
      if let error = error {
        // Uh-oh, an error occurred!
        seen.add("error \((error as NSError).code)")
      } else {
        // Local file URL for "images/island.jpg" is returned
        seen.add("written \(url == localURL)")
      }
    }
    return downloadTask
  }

  @Test func downloadToDiskSnippet() async throws {
    try await Fixtures.withTemporaryDirectory { directory async throws in
      let seen = Seen()
      let file = directory.appendingPathComponent("path/to/image")
      await StorageSimulation.withConfiguration(Self.bucket()) {
        let storage = Storage.storage()
        // Create local filesystem URL
        let downloadTask = Self.downloadToDisk(storage.reference(), localURL: file, seen)
        await Self.settle(storage)
        #expect(downloadTask.snapshot.status == .success)
      }
      #expect(seen.all == ["written true"])
      #expect(try Data(contentsOf: file) == Data("island".utf8))

      // The page's own URL is no file URL: an error, and nothing written.
      let failed = Seen()
      await StorageSimulation.withConfiguration(Self.bucket()) {
        let storage = Storage.storage()
        // Create local filesystem URL
        let localURL = URL(string: "path/to/image")!
        Self.downloadToDisk(storage.reference(), localURL: localURL, failed)
        await Self.settle(storage)
      }
      #expect(failed.all == ["error \(StorageErrorCode.unknown.rawValue)"])
    }
  }

  /// `firstorage_download_url`.
  static func downloadURL(_ storageRef: StorageReference, _ seen: Seen) {
    // Create a reference to the file you want to download
    let starsRef = storageRef.child("images/stars.jpg")

    // Fetch the download URL
    starsRef.downloadURL { url, error in
      if let error = error {
        // Handle any errors
        seen.add("error \(error.localizedDescription)")
      } else {
        // Get the download URL for 'images/stars.jpg'
        seen.add(url?.absoluteString.components(separatedBy: "&token=").first ?? "")
      }
    }
  }

  @Test func downloadURLSnippet() async {
    let seen = Seen()
    for contents in [Self.contents, [:]] {
      await StorageSimulation.withConfiguration(Self.bucket(contents: contents)) {
        Self.downloadURL(Storage.storage().reference(), seen)
        await Self.settle(Storage.storage())
      }
    }
    #expect(
      seen.all == [
        "https://firebasestorage.googleapis.com:443/v0/b/bkt/o/images%2Fstars.jpg?alt=media",
        "error Object images/stars.jpg does not exist.",
      ])
  }

  /// `firstorage_download_pause` and `firstorage_download_observe`, on the callback queue:
  /// cancelled, nothing written.
  @Test func manageDownloadsSnippet() async throws {
    try await Fixtures.withTemporaryDirectory { directory async throws in
      let localFile = directory.appendingPathComponent("image")
      let seen = Seen()
      await StorageSimulation.withConfiguration(Self.bucket()) {
        let storage = Storage.storage()
        let storageRef = storage.reference()
        let downloadTask = storage.callbackQueue.sync {
          // Start downloading a file
          let downloadTask = storageRef.child("images/mountains.jpg").write(toFile: localFile)

          // Pause the download
          downloadTask.pause()

          // Resume the download
          downloadTask.resume()

          // Cancel the download
          downloadTask.cancel()

          // Add a progress observer to a download task
          let observer = downloadTask.observe(.progress) { snapshot in
            // A progress event occurred
            seen.add("progress")
          }
          seen.add("observer \(!observer.isEmpty)")
          return downloadTask
        }
        await Self.settle(storage)
        #expect((downloadTask.snapshot.error as NSError?)?.code == StorageErrorCode.cancelled.rawValue)
      }
      #expect(seen.all == ["observer true"])
      #expect(!FileManager.default.fileExists(atPath: localFile.path))
    }
  }

  /// `firstorage_handle_observer`, on the callback queue: no observer left is called; the
  /// download goes on.
  @Test func downloadObserverHandlesSnippet() async throws {
    try await Fixtures.withTemporaryDirectory { directory async throws in
      let localFile = directory.appendingPathComponent("image")
      let seen = Seen()
      await StorageSimulation.withConfiguration(Self.bucket()) {
        let storage = Storage.storage()
        let storageRef = storage.reference()
        let downloadTask = storageRef.child("images/mountains.jpg").write(toFile: localFile)
        storage.callbackQueue.sync {
          // Create a task listener handle
          let observer = downloadTask.observe(.progress) { snapshot in
            // A progress event occurred
            seen.add("progress")
          }

          // Remove an individual observer
          downloadTask.removeObserver(withHandle: observer)

          // Remove all observers of a particular status
          downloadTask.removeAllObservers(for: .progress)

          // Remove all observers
          downloadTask.removeAllObservers()
        }
        await Self.settle(storage)
        #expect(downloadTask.snapshot.status == .success)
      }
      #expect(seen.all.isEmpty)
      #expect(try Data(contentsOf: localFile) == Data("mountains".utf8))
    }
  }

  /// `firstorage_download_combined`: `storageRef` and `localURL` are the lines before it;
  /// `storageRef` is the object the page means to download (it writes `storageRef` itself).
  static func monitorDownload(_ storageRef: StorageReference, localURL: URL, _ seen: Seen) {
    // Create a reference to the file we want to download
    let starsRef = storageRef.child("images/stars.jpg")

    // Start the download (in this case writing to a file)
    let downloadTask = storageRef.write(toFile: localURL)

    // Observe changes in status
    downloadTask.observe(.resume) { snapshot in
      // Download resumed, also fires when the download starts
      seen.add("resume")
    }

    downloadTask.observe(.pause) { snapshot in
      // Download paused
      seen.add("pause")
    }

    downloadTask.observe(.progress) { snapshot in
      // Download reported progress
      let percentComplete =
        100.0 * Double(snapshot.progress!.completedUnitCount)
        / Double(snapshot.progress!.totalUnitCount)
      seen.add("progress \(percentComplete)")
    }

    downloadTask.observe(.success) { snapshot in
      // Download completed successfully
      seen.add("success")
    }

    // Errors only occur in the "Failure" case
    downloadTask.observe(.failure) { snapshot in
      guard let errorCode = (snapshot.error as? NSError)?.code else {
        return
      }
      guard let error = StorageErrorCode(rawValue: errorCode) else {
        return
      }
      switch error {
      case .objectNotFound:
        // File doesn't exist
        seen.add("objectNotFound")
      case .unauthorized:
        // User doesn't have permission to access file
        seen.add("unauthorized")
      case .cancelled:
        // User cancelled the download
        seen.add("cancelled")

      /* ... */

      case .unknown:
        // Unknown error occurred, inspect the server response
        seen.add("unknown")
      default:
        // Another error occurred. This is a good place to retry the download.
        seen.add("other")
      }
    }
    _ = starsRef
  }

  @Test(arguments: [
    (true, contents, ["resume", "progress 100.0", "success"]),
    (true, [:], ["resume", "objectNotFound"]),
    (false, contents, ["resume", "unauthorized"]),
  ])
  func monitorDownloadSnippet(signedIn: Bool, contents: [String: Data], expected: [String]) async throws {
    try await Fixtures.withTemporaryDirectory { directory async throws in
      let localURL = directory.appendingPathComponent("image")
      let seen = Seen()
      await StorageSimulation.withConfiguration(Self.bucket(signedIn: signedIn, contents: contents)) {
        let storage = Storage.storage()
        Self.monitorDownload(storage.reference(withPath: "images/stars.jpg"), localURL: localURL, seen)
        await Self.settle(storage)
      }
      #expect(seen.all == expected)
      #expect(FileManager.default.fileExists(atPath: localURL.path) == (expected.last == "success"))
    }
  }

  // MARK: Use file metadata

  /// `firstorage_get_metadata`.
  static func getMetadata(_ storageRef: StorageReference, _ seen: Seen) async {
    // Create reference to the file whose metadata we want to retrieve
    let forestRef = storageRef.child("images/forest.jpg")

    // Get metadata properties
    do {
      let metadata = try await forestRef.getMetadata()
      seen.add("\(metadata.name ?? "") \(metadata.size)")
    } catch {
      // ...
      seen.add(error.localizedDescription)
    }
  }

  @Test func getMetadataSnippet() async {
    let seen = Seen()
    for contents in [Self.contents, [:]] {
      await StorageSimulation.withConfiguration(Self.bucket(contents: contents)) {
        await Self.getMetadata(Storage.storage().reference(), seen)
      }
    }
    #expect(seen.all == ["forest.jpg 6", "Object images/forest.jpg does not exist."])
  }

  /// `firstorage_change_metadata`: the fields set are changed, the others kept.
  @Test func changeMetadataSnippet() async throws {
    let seen = Seen()
    for signedIn in [true, false] {
      try await StorageSimulation.withConfiguration(Self.bucket(signedIn: signedIn)) { () async throws in
        let storageRef = Storage.storage().reference()

        // Create reference to the file whose metadata we want to change
        let forestRef = storageRef.child("images/forest.jpg")

        // Create file metadata to update
        let newMetadata = StorageMetadata()
        newMetadata.cacheControl = "public,max-age=300"
        newMetadata.contentType = "image/jpeg"

        // Update metadata properties
        do {
          let updatedMetadata = try await forestRef.updateMetadata(newMetadata)
          seen.add("\(updatedMetadata.cacheControl ?? "") \(updatedMetadata.contentType ?? "")")
          #expect(updatedMetadata.size == 6 && updatedMetadata.metageneration == 2)
        } catch {
          // ...
          seen.add(error.localizedDescription)
        }
      }
    }
    #expect(
      seen.all == [
        "public,max-age=300 image/jpeg",
        "User does not have permission to access gs://bkt/images/forest.jpg.",
      ])
  }

  /// `firstorage_delete_metadata`. The page says "metadata.contentType should be nil"; the SDK
  /// sends what changed since the metadata was read (`updatedMetadata()`), and a new
  /// `StorageMetadata` was read as empty, so it sends `{}` and the object keeps its type. The
  /// simulator does as the SDK does; `ApplePageExampleTests.fileMetadata` clears the type the
  /// way that works, from metadata read from the object.
  @Test func deleteMetadataSnippet() async throws {
    try await StorageSimulation.withConfiguration(Self.bucket()) { () async throws in
      let storageRef = Storage.storage().reference()
      let forestRef = storageRef.child("images/forest.jpg")
      let stored = StorageMetadata()
      stored.contentType = "image/jpeg"
      _ = try await forestRef.putDataAsync(Data("forest".utf8), metadata: stored)
      var result: StorageMetadata?

      let newMetadata = StorageMetadata()
      newMetadata.contentType = nil

      do {
        // Delete the metadata property
        let updatedMetadata = try await forestRef.updateMetadata(newMetadata)
        result = updatedMetadata
      } catch {
        // ...
        Issue.record(error)
      }

      #expect(result?.contentType == "image/jpeg")
      #expect(result?.metageneration == 2)
    }
  }

  /// `firstorage_custom_metadata`: the page's dictionary is what `customMetadata` holds.
  @Test func customMetadataSnippet() async throws {
    let metadata = [
      "customMetadata": [
        "location": "Yosemite, CA, USA",
        "activity": "Hiking",
      ]
    ]
    try await StorageSimulation.withConfiguration(Self.bucket()) { () async throws in
      let forestRef = Storage.storage().reference().child("images/forest.jpg")
      let change = StorageMetadata()
      change.customMetadata = metadata["customMetadata"]
      let updated = try await forestRef.updateMetadata(change)
      #expect(updated.customMetadata == ["location": "Yosemite, CA, USA", "activity": "Hiking"])
      #expect(
        updated.dictionaryRepresentation()["metadata"] as? [String: String] == metadata["customMetadata"])
    }
  }

  // MARK: Delete files

  /// `firstorage_delete` (the page's `async` form).
  static func deleteFile(_ storageRef: StorageReference, _ seen: Seen) async {
    // Create a reference to the file to delete
    let desertRef = storageRef.child("desert.jpg")

    do {
      // Delete the file
      try await desertRef.delete()
      seen.add("deleted")
    } catch {
      // ...
      seen.add(error.localizedDescription)
    }
  }

  @Test func deleteFileSnippet() async {
    let seen = Seen()
    for (signedIn, contents) in [(true, Self.contents), (true, [:]), (false, Self.contents)] {
      await StorageSimulation.withConfiguration(Self.bucket(signedIn: signedIn, contents: contents)) {
        await Self.deleteFile(Storage.storage().reference(), seen)
        #expect(Storage.storage().objects.object(named: ObjectName("desert.jpg")) == nil || !signedIn)
      }
    }
    #expect(
      seen.all == [
        "deleted", "Object desert.jpg does not exist.",
        "User does not have permission to access gs://bkt/desert.jpg.",
      ])
  }

  // MARK: Emulator, Handle errors

  /// `storage_emulator_connect`: kept, and the configured bucket still answers.
  @Test func emulatorSnippet() async throws {
    try await StorageSimulation.withConfiguration(Self.bucket()) { () async throws in
      Storage.storage().useEmulator(withHost: "127.0.0.1", port: 9199)
      let data = try await Storage.storage().reference(withPath: "images/stars.jpg").data(maxSize: 100)
      #expect(data == Data("stars".utf8))
    }
  }

  /// "Handle errors": every code of the page's table, with the SDK's raw value.
  @Test(arguments: [
    (StorageErrorCode.unknown, -13000), (.objectNotFound, -13010), (.bucketNotFound, -13011),
    (.projectNotFound, -13012), (.quotaExceeded, -13013), (.unauthenticated, -13020),
    (.unauthorized, -13021), (.retryLimitExceeded, -13030), (.nonMatchingChecksum, -13031),
    (.cancelled, -13040), (.downloadSizeExceeded, -13032),
  ])
  func handleErrorsTable(code: StorageErrorCode, rawValue: Int) {
    #expect(code.rawValue == rawValue)
    #expect((code as NSError).domain == "FIRStorageErrorDomain")
  }
}
