import Foundation
import RulesEvaluator
import StorageBucket
import StorageSimulator
import Testing

/// `StorageMetadata` as the SDK's class behaves, after firebase-ios-sdk's
/// `FirebaseStorage/Tests/Unit/StorageMetadataTests.swift` (each test names the one it follows).
@Suite("StorageMetadata")
struct MetadataClassTests {
  static var full: [String: AnyHashable] {
    [
      "bucket": "bucket", "cacheControl": "max-age=3600, no-cache", "contentDisposition": "inline",
      "contentEncoding": "gzip", "contentLanguage": "en-us", "contentType": "application/octet-stream",
      "metadata": ["foo": "bar"], "generation": "12345", "metageneration": "67890", "name": "path/to/object",
      "timeCreated": "1992-08-07T17:22:53.108Z", "updated": "2016-03-01T20:16:01.673Z",
      "md5Hash": "d41d8cd98f00b204e9800998ecf8427e", "size": 1337,
    ]
  }

  /// testInitializeNoMetadata.
  @Test func empty() {
    let metadata = StorageMetadata(dictionary: [:])
    #expect(metadata.bucket == "" && metadata.size == 0 && metadata.generation == 0)
    #expect(metadata.name == nil && metadata.path == nil && metadata.timeCreated == nil)
    #expect(!metadata.isFile && !metadata.isFolder)
    #expect(metadata == StorageMetadata())
  }

  /// testInitializeFullMetadata.
  @Test func fromTheDictionary() {
    let metadata = StorageMetadata(dictionary: Self.full)
    #expect(metadata.bucket == "bucket")
    #expect(metadata.cacheControl == "max-age=3600, no-cache")
    #expect(metadata.contentDisposition == "inline" && metadata.contentEncoding == "gzip")
    #expect(metadata.contentLanguage == "en-us" && metadata.contentType == "application/octet-stream")
    #expect(metadata.customMetadata == ["foo": "bar"])
    #expect(metadata.generation == 12345 && metadata.metageneration == 67890)
    #expect(metadata.path == "path/to/object" && metadata.name == "object")
    #expect(metadata.md5Hash == "d41d8cd98f00b204e9800998ecf8427e" && metadata.size == 1337)
    #expect(metadata.timeCreated == Date(timeIntervalSince1970: 713_208_173.108))
  }

  /// testDictionaryRepresentation: generations as strings, times with milliseconds.
  @Test func dictionaryRoundTrip() {
    let dictionary = StorageMetadata(dictionary: Self.full).dictionaryRepresentation()
    #expect(dictionary == Self.full)
    #expect(dictionary["size"] as? Int64 == 1337)
    #expect(dictionary["generation"] as? String == "12345")
  }

  /// testMetadataCopy, testMetadataEquality, testMetadataMd5Inequality: a copy is equal and
  /// independent; equality is the dictionary's.
  @Test func copiesAndEquality() throws {
    let original = StorageMetadata(dictionary: Self.full)
    let copy = try #require(original.copy() as? StorageMetadata)
    #expect(copy == original && copy !== original)
    #expect(copy.hashValue == original.hashValue)
    copy.contentType = "text/plain"
    #expect(original.contentType == "application/octet-stream")
    #expect(copy != original)
    var other = Self.full
    other["md5Hash"] = "d41d8cd98f00b204e9800998ecf8427f"
    #expect(StorageMetadata(dictionary: other) != original)
  }

  /// The bucket's metadata is a file's, with `Date` times from the request time.
  @Test func bucketMetadataIsAFile() async throws {
    let stored = try await Fixtures.storage().reference(withPath: "a/b.txt").putDataAsync(Data([1]))
    #expect(stored.isFile && !stored.isFolder)
    #expect(stored.timeCreated == Date(timeIntervalSince1970: 1_780_000_000))
    #expect(stored.dictionaryRepresentation()["timeCreated"] as? String == "2026-05-28T20:26:40.000Z")
    #expect(stored.dictionaryRepresentation()["name"] as? String == "a/b.txt")
  }

  /// testUpdatedMetadataWithDelete: metadata read from a dictionary sends a cleared field as
  /// null, so the update removes it.
  @Test func updateFromADictionaryClearsWhatWasRemoved() async throws {
    let ref = Fixtures.storage().reference(withPath: "d/x")
    let upload = StorageMetadata()
    upload.contentLanguage = "de"
    upload.customMetadata = ["a": "b"]
    _ = try await ref.putDataAsync(Data([1]), metadata: upload)
    let read = StorageMetadata(dictionary: ["contentLanguage": "de", "metadata": ["a": "b"]])
    read.contentLanguage = nil
    read.customMetadata = nil
    let updated = try await ref.updateMetadata(read)
    #expect(updated.contentLanguage == nil)
    #expect(updated.customMetadata == nil)
  }

  /// The SDK's `description`: the type and the dictionary.
  @Test func description() {
    let metadata = StorageMetadata(dictionary: ["contentType": "text/plain"])
    #expect(metadata.description.hasPrefix("StorageMetadata "))
    #expect(metadata.description.contains("text/plain"))
  }
}
