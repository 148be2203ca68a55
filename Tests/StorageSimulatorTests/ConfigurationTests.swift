import Foundation
import RulesEvaluator
import StorageBucket
import StorageSimulator
import Testing

/// `Storage.storage()` and `Storage.storage(url:)` over `StorageSimulation`'s registry and its
/// task-scoped configurations. Serialized: these tests change the process-wide registry (every
/// other test configures its buckets with `withConfiguration`, which the registry cannot see).
@Suite("Shared configuration", .serialized)
struct ConfigurationTests {
  static func configuration(_ bucket: String, objects: [String] = []) -> StorageConfiguration {
    StorageConfiguration(
      bucket: bucket, rules: Fixtures.open, objects: BucketListing(names: objects),
      clock: .fixed(Fixtures.time))
  }

  /// Without a configuration, references work and operations say what is missing.
  @Test func unconfiguredStorageFailsClearly() async {
    StorageSimulation.reset()
    let storage = Storage.storage()
    #expect(storage.reference(withPath: "a/b").fullPath == "a/b")
    let error = await #expect(throws: StorageError.self) {
      try await storage.reference(withPath: "a").getMetadata()
    }
    #expect(error?.errorCode == StorageErrorCode.internalError.rawValue)
    #expect((error as NSError?)?.localizedDescription.contains("StorageSimulation.configure") == true)
    let withPath = Storage.storage(url: "gs://bkt/some/path")
    let pathError = await #expect(throws: StorageError.self) { try await withPath.reference().listAll() }
    #expect(
      (pathError as NSError?)?.localizedDescription
        == "Internal Error: Storage bucket cannot be initialized with a path")
  }

  /// Registered buckets are found by URL, the same instance each time, until reset.
  @Test func registeredBuckets() async throws {
    defer { StorageSimulation.reset() }
    let first = StorageSimulation.configure(Self.configuration("registry-a", objects: ["x/1"]))
    StorageSimulation.configure(Self.configuration("registry-b"), asDefault: false)
    #expect(Storage.storage() === first)
    #expect(Storage.storage(url: "gs://registry-a") === first)
    #expect(Storage.storage(url: "gs://registry-a/") === first)
    #expect(Storage.storage(url: "") === first)
    #expect(Storage.storage(url: "gs://registry-b").bucket == "registry-b")
    #expect(try await Storage.storage().reference(withPath: "x").listAll().items.count == 1)
    StorageSimulation.reset(bucket: "registry-a")
    await #expect(throws: StorageError.self) { try await Storage.storage().reference().listAll() }
    #expect(try await Storage.storage(url: "gs://registry-b").reference().listAll().items.isEmpty)
  }

  /// Scoped configurations win over the registry and are fresh for each scope, so tests that
  /// run at the same time under the same bucket name never see each other's objects.
  @Test func scopedConfigurationsAreIsolated() async throws {
    defer { StorageSimulation.reset() }
    StorageSimulation.configure(Self.configuration("shared", objects: ["registered"]))
    let counts = try await withThrowingTaskGroup(of: Int.self) { group in
      for index in 0..<8 {
        group.addTask {
          try await StorageSimulation.withConfiguration(Self.configuration("shared")) {
            let ref = Storage.storage().reference(withPath: "mine/\(index)")
            _ = try await ref.putDataAsync(Data([UInt8(index)]))
            return try await Storage.storage(url: "gs://shared").reference(withPath: "mine").listAll().items
              .count
          }
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(counts == Array(repeating: 1, count: 8))
    #expect(try await Storage.storage().reference().listAll().items.map(\.fullPath) == ["registered"])
  }

  /// The SDK's network settings are kept and change nothing.
  @Test func networkSettingsAreNoOps() async throws {
    try await StorageSimulation.withConfiguration(Self.configuration("settings", objects: ["a"])) {
      () async throws in
      let storage = Storage.storage()
      storage.useEmulator(withHost: "127.0.0.1", port: 9199)
      storage.maxUploadRetryTime = 1
      storage.maxDownloadRetryTime = 2
      storage.maxOperationRetryTime = 3
      storage.uploadChunkSizeBytes = 4
      #expect(storage.maxUploadRetryTime == 1 && storage.maxDownloadRetryTime == 2)
      #expect(storage.maxOperationRetryTime == 3 && storage.uploadChunkSizeBytes == 4)
      #expect(try await storage.reference().listAll().items.count == 1)
    }
  }
}
