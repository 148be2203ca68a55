import Foundation
import RulesEvaluator
import StorageBucket
import StorageSimulator
import Testing

/// Shared set-up for the storage tests: rules from a body, a fixed clock, buckets.
enum Fixtures {
  static let time = Timestamp(seconds: 1_780_000_000, nanos: 0)

  /// `body` inside `service firebase.storage { match /b/{bucket}/o { … } }`, version 2 unless
  /// `version1`.
  static func rules(_ body: String, version1: Bool = false) -> CompiledRuleset {
    let header = version1 ? "" : "rules_version = '2';\n"
    return CompiledRuleset(
      source: header + "service firebase.storage {\n  match /b/{bucket}/o {\n    \(body)\n  }\n}\n",
      path: "test.rules")
  }

  /// Everyone may read and write everything.
  static let open = rules("match /{all=**} { allow read, write; }")

  static func storage(
    _ names: [String] = [], rules: CompiledRuleset = open, bucket: String = "bkt", uid: String? = nil
  ) -> Storage {
    Storage(
      bucket: bucket, rules: rules, objects: BucketListing(names: names),
      auth: uid.map { AuthContext(uid: $0) },
      clock: .fixed(time))
  }

  /// Expects `body` to throw a ``StorageError`` that reads, through `NSError` as the SDK's
  /// callers read it, as `code` with the message `message`; returns it.
  @discardableResult
  static func expectError<T>(
    _ code: StorageErrorCode, _ message: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> T
  ) async -> StorageError? {
    let error = await #expect(throws: StorageError.self, sourceLocation: sourceLocation) {
      _ = try await body()
    }
    let bridged = error.map { $0 as NSError }
    #expect(bridged?.domain == "FIRStorageErrorDomain", sourceLocation: sourceLocation)
    #expect(bridged?.code == code.rawValue, sourceLocation: sourceLocation)
    #expect(bridged?.localizedDescription == message, sourceLocation: sourceLocation)
    return error
  }

  /// Runs `body` with a new empty directory under the system's temporary directory, and
  /// removes the directory afterwards.
  static func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("rulescheck-storage-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
  }

  /// "Hello Swift World", the SDK's integration tests' upload.
  static let hello = Data("Hello Swift World".utf8)

  /// Full paths of references.
  static func paths(_ references: [StorageReference]) -> [String] { references.map(\.fullPath) }
}
