import Foundation
import RulesEvaluator
import StorageBucket
import StorageSimulator
import Testing

/// `updateMetadata` as a patch, replaying the sequence of firebase-ios-sdk's integration tests
/// `testUpdateMetadata` and `testMetadataDictInitAndClear`, which run against production.
@Suite("Storage API: metadata updates")
struct StorageUpdateMetadataTests {
  /// An object uploaded without metadata, as the SDK tests' `ios/public/1mb`.
  func uploaded(rules: CompiledRuleset = Fixtures.open) async throws -> (Storage, StorageReference) {
    let storage = Fixtures.storage(rules: rules)
    let reference = storage.reference(withPath: "ios/public/1mb")
    _ = try await reference.putDataAsync(Data(Array(repeating: 7, count: 1024)))
    return (storage, reference)
  }

  /// Every settable field, as the SDK test's first update sets them.
  func everyField() -> StorageMetadata {
    let metadata = StorageMetadata()
    metadata.cacheControl = "cache-control"
    metadata.contentDisposition = "content-disposition"
    metadata.contentEncoding = "gzip"
    metadata.contentLanguage = "de"
    metadata.contentType = "content-type-a"
    metadata.customMetadata = ["a": "b", "y": "z"]
    return metadata
  }

  @Test func theSDKSequenceSetsChangesAndClears() async throws {
    let (_, reference) = try await uploaded()
    let first = try await reference.updateMetadata(everyField())
    #expect(first.cacheControl == "cache-control")
    #expect(first.contentDisposition == "content-disposition")
    #expect(first.contentEncoding == "gzip")
    #expect(first.contentLanguage == "de")
    #expect(first.contentType == "content-type-a")
    #expect(first.customMetadata == ["a": "b", "y": "z"])
    #expect(first.name == "1mb" && first.md5Hash?.count == 24)
    #expect(first.metageneration == 2 && first.generation == 1)

    // A subset, from the metadata just returned: "a" is gone, "y" keeps an empty string.
    let subset = first
    subset.contentType = "content-type-b"
    subset.customMetadata = ["c": "d", "y": ""]
    let second = try await reference.updateMetadata(subset)
    #expect(second.contentType == "content-type-b")
    #expect(second.customMetadata == ["c": "d", "y": ""])
    #expect(second.cacheControl == "cache-control" && second.contentEncoding == "gzip")
    #expect(second.metageneration == 3)

    // Everything set to nil is cleared; contentEncoding then reads identity.
    let cleared = second
    cleared.cacheControl = nil
    cleared.contentDisposition = nil
    cleared.contentEncoding = nil
    cleared.contentLanguage = nil
    cleared.contentType = nil
    cleared.customMetadata = nil
    let third = try await reference.updateMetadata(cleared)
    #expect(third.cacheControl == nil)
    #expect(third.contentDisposition == nil)
    #expect(third.contentEncoding == "identity")
    #expect(third.contentLanguage == nil)
    #expect(third.contentType == nil)
    #expect(third.customMetadata == nil)
    #expect(third.md5Hash == first.md5Hash && third.size == 1024 && third.name == "1mb")
    #expect(third.metageneration == 4 && third.generation == 1)
    #expect(try await reference.getMetadata() == third)
  }

  @Test func removingOneKeyOrEveryKeyLocally() async throws {
    let (_, reference) = try await uploaded()
    var metadata = try await reference.updateMetadata(everyField())
    metadata.customMetadata?["a"] = nil
    metadata = try await reference.updateMetadata(metadata)
    #expect(metadata.customMetadata == ["y": "z"])
    metadata.customMetadata = [:]
    metadata = try await reference.updateMetadata(metadata)
    #expect(metadata.customMetadata == nil)
    #expect(try await reference.getMetadata().customMetadata == nil)
  }

  /// What was not changed since the read is not sent, so it does not undo another update.
  @Test func onlyWhatChangedSinceTheReadIsSent() async throws {
    let (_, reference) = try await uploaded()
    let mine = try await reference.updateMetadata(everyField())
    // Another reader: a copy (a class, as in the SDK; `copy()` as NSObject's).
    let theirs = try #require(mine.copy() as? StorageMetadata)
    theirs.cacheControl = "max-age=60"
    theirs.customMetadata?["t"] = "1"
    _ = try await reference.updateMetadata(theirs)
    mine.contentLanguage = "fr"
    mine.customMetadata?["m"] = "2"
    let result = try await reference.updateMetadata(mine)
    #expect(result.cacheControl == "max-age=60")
    #expect(result.contentLanguage == "fr")
    #expect(result.customMetadata == ["a": "b", "y": "z", "t": "1", "m": "2"])
  }

  @Test func freshMetadataSendsOnlyWhatIsSet() async throws {
    let (_, reference) = try await uploaded()
    _ = try await reference.updateMetadata(everyField())
    let change = StorageMetadata()
    change.contentType = "text/plain"
    let result = try await reference.updateMetadata(change)
    #expect(result.contentType == "text/plain")
    #expect(result.cacheControl == "cache-control" && result.customMetadata == ["a": "b", "y": "z"])
    let unchanged = try await reference.updateMetadata(StorageMetadata())
    #expect(unchanged.contentType == "text/plain" && unchanged.metageneration == result.metageneration + 1)
  }

  /// `request.resource` is the stored object with the patch applied.
  @Test func theRulesSeeTheResult() async throws {
    let rules = Fixtures.rules(
      """
      match /ios/public/{f} {
        allow create, get;
        allow update: if request.resource.metadata == null
          || (!('a' in request.resource.metadata) && request.resource.contentEncoding == 'identity'
            && request.resource.contentType == null && request.resource.size == resource.size);
      }
      """)
    let (_, reference) = try await uploaded(rules: rules)
    let metadata = try await reference.getMetadata()
    #expect(metadata.contentType == "application/octet-stream")
    metadata.customMetadata = ["a": "b"]
    metadata.contentType = nil
    await Fixtures.expectError(
      .unauthorized, "User does not have permission to access gs://bkt/ios/public/1mb."
    ) {
      try await reference.updateMetadata(metadata)
    }
    metadata.customMetadata = ["k": "v"]
    metadata.contentEncoding = "gzip"
    await Fixtures.expectError(
      .unauthorized, "User does not have permission to access gs://bkt/ios/public/1mb."
    ) {
      try await reference.updateMetadata(metadata)
    }
    metadata.contentEncoding = nil
    let stored = try await reference.updateMetadata(metadata)
    #expect(stored.customMetadata == ["k": "v"] && stored.contentEncoding == "identity")
    #expect(stored.contentType == nil)
    let clear = stored
    clear.customMetadata = nil
    clear.contentType = "text/plain"
    #expect(try await reference.updateMetadata(clear).customMetadata == nil)
  }
}
