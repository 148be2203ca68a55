import Foundation
import RulesEvaluator
import StorageBucket
import StorageSimulator
import Testing

/// Uploads, metadata and deletes through the SDK-shaped API, as the rules see them.
@Suite("Storage API")
struct StorageAPITests {
  @Test func uploadComputesSizeAndChecksums() async throws {
    let rules = Fixtures.rules(
      """
      match /d/{f} {
        allow create: if request.resource.size == 11
          && request.resource.md5Hash == 'XrY7u+Ae7tCTyyK7j1rNww=='
          && request.resource.crc32c == 'yZRlqg=='
          && request.resource.contentType == 'application/octet-stream'
          && !('timeCreated' in request.resource)
          && request.resource.metadata == null;
        allow get;
      }
      """)
    let storage = Fixtures.storage(rules: rules)
    let stored = try await storage.reference(withPath: "d/hello.txt").putDataAsync(
      Data(Array("hello world".utf8)))
    #expect(stored.size == 11)
    #expect(stored.md5Hash == "XrY7u+Ae7tCTyyK7j1rNww==")
    #expect(stored.crc32c == "yZRlqg==")
    #expect(stored.generation == 1 && stored.metageneration == 1)
    #expect(stored.timeCreated == Date(timeIntervalSince1970: 1_780_000_000))
    #expect(stored.contentDisposition == "inline; filename*=utf-8''hello.txt")
    #expect(stored.path == "d/hello.txt" && stored.name == "hello.txt" && stored.bucket == "bkt")
    #expect(try await storage.reference(withPath: "d/hello.txt").getMetadata() == stored)
  }

  @Test func emptyUploadChecksums() async throws {
    let stored = try await Fixtures.storage().reference(withPath: "empty").putDataAsync(Data([UInt8]()))
    #expect(stored.md5Hash == "1B2M2Y8AsgTpgAmY7PhCfg==")
    #expect(stored.crc32c == "AAAAAA==")
  }

  @Test func uploadMetadataReachesTheRules() async throws {
    let rules = Fixtures.rules(
      """
      match /images/{f} {
        allow create: if request.resource.contentType.matches('image/.*')
          && request.resource.metadata.owner == request.auth.uid;
      }
      """)
    let storage = Fixtures.storage(rules: rules, uid: "alice")
    let metadata = StorageMetadata()
    metadata.contentType = "image/png"
    metadata.customMetadata = ["owner": "alice"]
    let stored = try await storage.reference(withPath: "images/a.png").putDataAsync(
      Data([1, 2]), metadata: metadata)
    #expect(stored.contentType == "image/png")
    #expect(stored.customMetadata == ["owner": "alice"])
    metadata.contentType = "text/plain"
    await Fixtures.expectError(
      .unauthorized, "User does not have permission to access gs://bkt/images/b.txt."
    ) {
      try await storage.reference(withPath: "images/b.txt").putDataAsync(Data([1]), metadata: metadata)
    }
  }

  @Test func overwriteBumpsTheGeneration() async throws {
    let storage = Fixtures.storage()
    let reference = storage.reference(withPath: "a")
    _ = try await reference.putDataAsync(Data([1]))
    let second = try await reference.putDataAsync(Data([1, 2]))
    #expect(second.generation == 2)
    #expect(second.size == 2)
  }

  @Test func updateMergesCustomMetadataAndSeesTheResult() async throws {
    let rules = Fixtures.rules(
      """
      match /d/{f} {
        allow create, get;
        allow update: if request.resource.metadata.keys().hasAll(['a', 'b'])
          && request.resource.contentType == resource.contentType;
      }
      """)
    let storage = Fixtures.storage(rules: rules)
    let reference = storage.reference(withPath: "d/x")
    let metadata = StorageMetadata()
    metadata.customMetadata = ["a": "1"]
    _ = try await reference.putDataAsync(Data([1]), metadata: metadata)
    let changes = StorageMetadata()
    changes.customMetadata = ["b": "2"]
    let updated = try await reference.updateMetadata(changes)
    #expect(updated.customMetadata == ["a": "1", "b": "2"])
    #expect(updated.metageneration == 2)
    #expect(updated.generation == 1)
  }

  @Test func updateOfAMissingObjectIsRefused() async {
    let storage = Fixtures.storage()
    await Fixtures.expectError(.unauthorized, "User does not have permission to access gs://bkt/nothing.") {
      try await storage.reference(withPath: "nothing").updateMetadata(StorageMetadata())
    }
  }

  @Test func deleteRemovesAndThenIsNotFound() async throws {
    let storage = Fixtures.storage(["d/x"])
    let reference = storage.reference(withPath: "d/x")
    try await reference.delete()
    #expect(storage.objects.count == 0)
    await Fixtures.expectError(.objectNotFound, "Object d/x does not exist.") { try await reference.delete() }
  }

  @Test func deleteIsDecidedWithTheStoredObject() async throws {
    let rules = Fixtures.rules("match /d/{f} { allow delete: if resource.size < 10; }")
    let objects = try BucketListing(
      parsing: Array(#"[{"name": "d/small", "size": 5}, {"name": "d/big", "size": 50}]"#.utf8))
    let storage = Storage(bucket: "bkt", rules: rules, objects: objects, clock: .fixed(Fixtures.time))
    try await storage.reference(withPath: "d/small").delete()
    await Fixtures.expectError(.unauthorized, "User does not have permission to access gs://bkt/d/big.") {
      try await storage.reference(withPath: "d/big").delete()
    }
  }

  @Test func storedListingMetadataIsTheResource() async throws {
    let rules = Fixtures.rules(
      "match /d/{f} { allow get: if resource.size < 100 && resource.timeCreated < request.time; }")
    let objects = try BucketListing(
      parsing: Array(#"[{"name": "d/x", "size": 50, "timeCreated": "2020-01-01T00:00:00Z"}]"#.utf8))
    let storage = Storage(bucket: "bkt", rules: rules, objects: objects, clock: .fixed(Fixtures.time))
    let metadata = try await storage.reference(withPath: "d/x").getMetadata()
    #expect(metadata.size == 50)
    #expect(metadata.generation == 1)
  }

  @Test func signingInAndOutChangesDecisions() async throws {
    let rules = Fixtures.rules("match /files/{uid}/{f} { allow read: if request.auth.uid == uid; }")
    let storage = Fixtures.storage(["files/alice/a"], rules: rules)
    let folder = storage.reference(withPath: "files/alice")
    await #expect(throws: StorageError.self) { try await folder.listAll() }
    storage.auth = AuthContext(uid: "alice")
    #expect(try await folder.listAll().items.count == 1)
    storage.auth = nil
    await #expect(throws: StorageError.self) { try await folder.listAll() }
  }

  @Test func theClockIsRequestTime() async throws {
    let rules = Fixtures.rules("match /{f} { allow list: if request.time < timestamp.date(2030, 1, 1); }")
    let storage = Fixtures.storage(rules: rules)
    _ = try await storage.reference().listAll()
    storage.clock = .fixed(Timestamp(seconds: 2_000_000_000, nanos: 0))
    await #expect(throws: StorageError.self) { try await storage.reference().listAll() }
  }

  @Test func concurrentUploadsAreAllKept() async throws {
    let storage = Fixtures.storage()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<200 {
        group.addTask {
          _ = try await storage.reference(withPath: "many/\(index)").putDataAsync(Data([UInt8(index % 256)]))
        }
      }
      try await group.waitForAll()
    }
    #expect(try await storage.reference(withPath: "many").listAll().items.count == 200)
  }

  @Test func referencesToAnotherBucketFindNoBucket() async {
    let storage = Storage(bucket: "", rules: Fixtures.open)
    let other = storage.reference(forURL: "gs://elsewhere/x")
    #expect(other.bucket == "elsewhere")
    await Fixtures.expectError(.bucketNotFound, "Bucket elsewhere does not exist.") {
      try await other.getMetadata()
    }
  }
}
