import Foundation
import RulesEvaluator
import StorageBucket
import StorageSimulator
import Testing

/// The smallest stand-in for UIKit's `UIImage` (not on Linux), so that the pages'
/// `let image = UIImage(data: data!)` compiles as written.
struct UIImage {
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
}
