import Foundation
import RulesEvaluator
import StorageBucket
import StorageSimulator
import Testing

/// The "Download files" page's snippets (see ``AppleDocsSnippetTests``).
extension AppleDocsSnippetTests {
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
}
