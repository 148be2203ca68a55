import Foundation
import RulesEvaluator
import StorageBucket
import StorageSimulator
import Testing

/// The "Use file metadata", "Delete files" and "Handle errors" pages' snippets and the emulator
/// connection (see ``AppleDocsSnippetTests``).
extension AppleDocsSnippetTests {
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
