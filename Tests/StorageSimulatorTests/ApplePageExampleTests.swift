import Foundation
import RulesEvaluator
import StorageBucket
import StorageSimulator
import Synchronization
import Testing

/// The Swift examples of the other Apple-platform Storage pages ("Upload files", "Download
/// files", "Use file metadata", "Delete files", "Handle errors"), from the snippets the pages
/// show (firebase/snippets-ios, `storage/StorageReferenceSwift/ViewController.swift`), run with
/// `Storage.storage()` against a configured bucket. Changed: placeholders (`// Uh-oh, an error
/// occurred!`, …) record what they see; `URL(string: "path/to/image")!` is a file in a
/// temporary directory; `UIImage(data:)` is left out; the unused `let uploadTask =` bindings of
/// the pages are kept only where the snippet uses the task.
@Suite("Apple page examples")
struct ApplePageExampleTests {
  static let rules = Fixtures.rules(
    """
    match /images/{file} {
      allow read, write: if request.auth != null;
    }
    match /desert.jpg { allow delete: if request.auth != null; }
    """)

  static func bucket(_ contents: [String: Data] = [:]) -> StorageConfiguration {
    StorageConfiguration(
      bucket: "bkt", rules: rules, contents: contents, auth: AuthContext(uid: "alice"),
      clock: .fixed(Fixtures.time))
  }

  /// What the examples' placeholders saw.
  final class Seen: Sendable {
    let values = Mutex<[String]>([])
    func add(_ value: String) { values.withLock { $0.append(value) } }
    var all: [String] { values.withLock { $0 } }
  }

  /// "Upload files": upload from data in memory, then the download URL.
  @Test func uploadFromMemory() async {
    let seen = Seen()
    await StorageSimulation.withConfiguration(Self.bucket()) {
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        let storageRef = Storage.storage().reference()
        // Data in memory
        let data = Data("rivers".utf8)

        // Create a reference to the file you want to upload
        let riversRef = storageRef.child("images/rivers.jpg")

        // Upload the file to the path "images/rivers.jpg"
        riversRef.putData(data, metadata: nil) { (metadata, error) in
          guard let metadata = metadata else {
            // Uh-oh, an error occurred!
            seen.add("error \(String(describing: error))")
            return done.resume()
          }
          // Metadata contains file metadata such as size, content-type.
          let size = metadata.size
          seen.add("size \(size) \(metadata.contentType ?? "")")
          // You can also access to download URL after upload.
          riversRef.downloadURL { (url, error) in
            guard let downloadURL = url else {
              // Uh-oh, an error occurred!
              seen.add("no URL")
              return done.resume()
            }
            seen.add(downloadURL.path)
            done.resume()
          }
        }
      }
    }
    #expect(seen.all == ["size 6 application/octet-stream", "/v0/b/bkt/o/images/rivers.jpg"])
  }

  /// "Upload files": upload from a local file, and "Add file metadata".
  @Test func uploadFromFileWithMetadata() async throws {
    try await Fixtures.withTemporaryDirectory { directory in
      let localFile = directory.appendingPathComponent("image")
      try Data([0xFF, 0xD8]).write(to: localFile)
      try await StorageSimulation.withConfiguration(Self.bucket()) { () async throws in
        let storageRef = Storage.storage().reference()
        // Create storage reference
        let mountainsRef = storageRef.child("images/mountains.jpg")

        // Create file metadata including the content type
        let metadata = StorageMetadata()
        metadata.contentType = "image/jpeg"

        // Upload file and metadata
        let stored: StorageMetadata = try await withCheckedThrowingContinuation { continuation in
          mountainsRef.putFile(from: localFile, metadata: metadata) { continuation.resume(with: $0) }
        }
        #expect(stored.contentType == "image/jpeg" && stored.size == 2)
      }
    }
  }

  /// "Upload files": monitor an upload and handle its errors (`StorageErrorCode` from the
  /// `NSError`), here for a user the rules refuse.
  @Test func monitorUploadAndHandleErrors() async {
    var signedOut = Self.bucket()
    signedOut.auth = nil
    let seen = Seen()
    await StorageSimulation.withConfiguration(signedOut) {
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        let storageRef = Storage.storage().reference()
        // Upload file and metadata to the object 'images/mountains.jpg'
        let uploadTask = storageRef.child("images/mountains.jpg").putData(Data([1, 2, 3]))

        // Listen for state changes, errors, and completion of the upload.
        uploadTask.observe(.success) { snapshot in
          // Upload completed successfully
          seen.add("success")
          done.resume()
        }

        uploadTask.observe(.failure) { snapshot in
          if let error = snapshot.error as? NSError {
            switch StorageErrorCode(rawValue: error.code)! {
            case .objectNotFound:
              // File doesn't exist
              seen.add("objectNotFound")
            case .unauthorized:
              // User doesn't have permission to access file
              seen.add("unauthorized: \(error.localizedDescription)")
            case .cancelled:
              // User canceled the upload
              seen.add("cancelled")
            case .unknown:
              // Unknown error occurred, inspect the server response
              seen.add("unknown")
            default:
              // A separate error occurred. This is a good place to retry the upload.
              seen.add("other")
            }
          }
          done.resume()
        }
      }
    }
    #expect(
      seen.all == ["unauthorized: User does not have permission to access gs://bkt/images/mountains.jpg."])
  }

  /// "Download files": in memory, to a local file, and the download URL.
  @Test func downloads() async throws {
    let island = Data("island".utf8)
    try await Fixtures.withTemporaryDirectory { directory in
      try await StorageSimulation.withConfiguration(Self.bucket(["images/island.jpg": island])) {
        () async throws in
        let storageRef = Storage.storage().reference()
        // Create a reference to the file you want to download
        let islandRef = storageRef.child("images/island.jpg")

        // Download in memory with a maximum allowed size of 1MB (1 * 1024 * 1024 bytes)
        let data: Data? = await withCheckedContinuation { continuation in
          islandRef.getData(maxSize: 1 * 1024 * 1024) { data, error in
            if error != nil {
              // Uh-oh, an error occurred!
              continuation.resume(returning: nil)
            } else {
              // Data for "images/island.jpg" is returned
              continuation.resume(returning: data)
            }
          }
        }
        #expect(data == island)

        // Create local filesystem URL
        let localURL = directory.appendingPathComponent("path/to/image")

        // Download to the local filesystem
        let written: URL? = await withCheckedContinuation { continuation in
          islandRef.write(toFile: localURL) { url, error in
            // Local file URL for "images/island.jpg" is returned
            continuation.resume(returning: error == nil ? url : nil)
          }
        }
        #expect(written == localURL)
        #expect(try Data(contentsOf: localURL) == island)

        // Fetch the download URL
        let url = try await islandRef.downloadURL()
        #expect(url.absoluteString.contains("/o/images%2Fisland.jpg?alt=media&token="))
      }
    }
  }

  /// "Use file metadata": get, update, delete a property, custom metadata.
  @Test func fileMetadata() async throws {
    try await StorageSimulation.withConfiguration(Self.bucket(["images/forest.jpg": Data([1])])) {
      () async throws in
      let storageRef = Storage.storage().reference()
      // Create reference to the file whose metadata we want to change
      let forestRef = storageRef.child("images/forest.jpg")

      // Get metadata properties
      let read = try await forestRef.getMetadata()
      #expect(read.size == 1 && read.name == "forest.jpg")

      // Create file metadata to update
      let newMetadata = StorageMetadata()
      newMetadata.cacheControl = "public,max-age=300"
      newMetadata.contentType = "image/jpeg"
      newMetadata.customMetadata = ["location": "Yosemite, CA, USA", "activity": "Hiking"]

      // Update metadata properties
      let updated = try await forestRef.updateMetadata(newMetadata)
      #expect(updated.cacheControl == "public,max-age=300" && updated.contentType == "image/jpeg")
      #expect(updated.customMetadata == ["location": "Yosemite, CA, USA", "activity": "Hiking"])

      // Delete the metadata property
      updated.contentType = nil
      let cleared = try await forestRef.updateMetadata(updated)
      // metadata.contentType should be nil
      #expect(cleared.contentType == nil && cleared.cacheControl == "public,max-age=300")
    }
  }

  /// "Delete files".
  @Test func deleteFile() async {
    let seen = Seen()
    await StorageSimulation.withConfiguration(Self.bucket(["desert.jpg": Data([1])])) {
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        let storageRef = Storage.storage().reference()
        // Create a reference to the file to delete
        let desertRef = storageRef.child("desert.jpg")

        // Delete the file
        desertRef.delete { error in
          if let error = error {
            // Uh-oh, an error occurred!
            seen.add("error \(error.localizedDescription)")
          } else {
            // File deleted successfully
            seen.add("deleted")
          }
          done.resume()
        }
      }
      #expect(Storage.storage().objects.count == 0)
    }
    #expect(seen.all == ["deleted"])
  }
}
