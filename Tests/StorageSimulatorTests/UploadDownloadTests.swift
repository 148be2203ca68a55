import Foundation
import RulesEvaluator
import StorageBucket
import StorageSimulator
import Testing

/// Uploads, downloads and download URLs in their async forms, after firebase-ios-sdk's
/// integration tests (`FirebaseStorage/Tests/Integration/StorageAsyncAwait.swift`; each test
/// names the one it follows), against rules instead of the SDK's test bucket.
@Suite("Uploads and downloads")
struct UploadDownloadTests {
  static let rules = Fixtures.rules(
    """
    match /ios/public/{allPaths=**} { allow read, write; }
    match /ios/private/{allPaths=**} { allow read, write: if false; }
    """)

  static func storage() -> Storage { Fixtures.storage(rules: rules) }

  /// testSimplePutData, testSimpleGetData.
  @Test func uploadedBytesComeBack() async throws {
    let ref = Self.storage().reference(withPath: "ios/public/hello")
    let metadata = try await ref.putDataAsync(Fixtures.hello)
    #expect(metadata.size == 17)
    #expect(metadata.name == "hello" && metadata.path == "ios/public/hello" && metadata.isFile)
    #expect(try await ref.data(maxSize: 1024 * 1024) == Fixtures.hello)
  }

  /// testSimplePutEmptyData.
  @Test func emptyUpload() async throws {
    let ref = Self.storage().reference(withPath: "ios/public/testSimplePutEmptyData")
    #expect(try await ref.putDataAsync(Data()).size == 0)
    #expect(try await ref.data(maxSize: 0) == Data())
  }

  /// testSimpleGetDataTooSmall: the SDK's case, sizes and message.
  @Test func dataLargerThanMaxSizeIsRefused() async throws {
    let ref = Self.storage().reference(withPath: "ios/public/1kb")
    _ = try await ref.putDataAsync(Data(repeating: 1, count: 1024))
    do {
      _ = try await ref.data(maxSize: 100)
      Issue.record("a download larger than maxSize succeeded")
    } catch StorageError.downloadSizeExceeded(let total, let maxSize) {
      #expect(total == 1024 && maxSize == 100)
    }
    await Fixtures.expectError(
      .downloadSizeExceeded,
      "Attempted to download object with size of 1024 bytes, which exceeds the maximum size of 100 bytes. "
        + "Consider raising the maximum download maxSize, or using StorageReference.write"
    ) { try await ref.data(maxSize: 100) }
    #expect(try await ref.data(maxSize: 1024).count == 1024)
  }

  /// testSimplePutDataUnauthorized: `catch StorageError.unauthorized(bucket, object, _)`.
  @Test func deniedUploadIsUnauthorized() async throws {
    let ref = Self.storage().reference(withPath: "ios/private/secretfile.txt")
    do {
      _ = try await ref.putDataAsync(Fixtures.hello)
      Issue.record("an upload the rules deny succeeded")
    } catch StorageError.unauthorized(let bucket, let object, _) {
      #expect(bucket == "bkt" && object == "ios/private/secretfile.txt")
    }
  }

  /// testSimplePutDataUnauthorizedWithNSError: domain, code, message and the server's status.
  @Test func deniedUploadThroughNSError() async {
    let ref = Self.storage().reference(withPath: "ios/private/secretfile.txt")
    do {
      _ = try await ref.putDataAsync(Fixtures.hello)
      Issue.record("an upload the rules deny succeeded")
    } catch {
      let e = error as NSError
      #expect(e.domain == StorageErrorDomain)
      #expect(e.code == StorageErrorCode.unauthorized.rawValue)
      #expect(
        e.localizedDescription
          == "User does not have permission to access gs://bkt/ios/private/secretfile.txt.")
      #expect(e.userInfo["ResponseErrorCode"] as? Int == 403)
      #expect(e.userInfo["object"] as? String == "ios/private/secretfile.txt")
    }
  }

  /// testSimpleGetDownloadURL: production's shape (escaped path, port 443, a token), stable
  /// until the object is uploaded again; the URL names the object again.
  @Test func downloadURLs() async throws {
    let storage = Self.storage()
    let ref = storage.reference(withPath: "ios/public/1mb2")
    _ = try await ref.putDataAsync(Fixtures.hello)
    let url = try await ref.downloadURL()
    let pattern =
      #/^https://firebasestorage\.googleapis\.com:443/v0/b/bkt/o/ios%2Fpublic%2F1mb2\?alt=media&token=[a-z0-9-]{36}$/#
    #expect(url.absoluteString.wholeMatch(of: pattern) != nil)
    #expect(try await ref.downloadURL() == url)
    #expect(try storage.reference(for: url) == ref)
    _ = try await ref.putDataAsync(Fixtures.hello)
    #expect(try await ref.downloadURL() != url)
    await Fixtures.expectError(.objectNotFound, "Object ios/public/none does not exist.") {
      try await storage.reference(withPath: "ios/public/none").downloadURL()
    }
  }

  /// testAsyncWrite: the bytes land in the file, and the file's URL comes back.
  @Test func writeToFile() async throws {
    try await Fixtures.withTemporaryDirectory { directory in
      let ref = Self.storage().reference(withPath: "ios/public/helloworld")
      let fileURL = directory.appendingPathComponent("testAsyncWritehello.txt")
      _ = try await ref.putDataAsync(Fixtures.hello)
      let url = try await ref.writeAsync(toFile: fileURL)
      #expect(url.lastPathComponent == "testAsyncWritehello.txt")
      #expect(try Data(contentsOf: fileURL) == Fixtures.hello)
    }
  }

  /// testPutFileWithSpecialCharacters, testSimplePutFileWithAsyncProgress: the object's name,
  /// its content type from the extension, progress up to every byte.
  @Test func putFile() async throws {
    try await Fixtures.withTemporaryDirectory { directory in
      let fileName = "hello&+@_ .txt"
      let ref = Self.storage().reference(withPath: "ios/public/" + fileName)
      let fileURL = directory.appendingPathComponent("hello.txt")
      try Fixtures.hello.write(to: fileURL)
      var completed: Int64 = -1
      let metadata = try await ref.putFileAsync(from: fileURL) { progress in
        completed = progress?.completedUnitCount ?? -1
      }
      #expect(metadata.name == fileName)
      #expect(metadata.size == 17 && completed == 17)
      #expect(metadata.contentType == "text/plain")
      #expect(try await ref.data(maxSize: 100) == Fixtures.hello)
    }
  }

  /// testAttemptToUploadDirectoryShouldFail: `StorageError.unknown` with the SDK's reason.
  @Test func uploadingADirectoryFails() async throws {
    try await Fixtures.withTemporaryDirectory { directory in
      let ref = Self.storage().reference(withPath: "ios/public/HomeImprovement.numbers")
      do {
        _ = try await ref.putFileAsync(from: directory)
        Issue.record("uploading a directory succeeded")
      } catch StorageError.unknown(let reason, _) {
        #expect(reason.starts(with: "File at URL:"))
        #expect(
          reason.hasSuffix(
            "is not reachable. Ensure file URL is not a directory, symbolic link, or invalid url."))
      }
    }
  }

  /// Objects the listing gave without bytes cannot be downloaded; given contents can.
  @Test func downloadsNeedContents() async throws {
    let storage = Storage(
      bucket: "bkt", rules: Self.rules, objects: BucketListing(names: ["ios/public/listed"]),
      contents: ["ios/public/given": Data("abc".utf8)], clock: .fixed(Fixtures.time))
    #expect(try await storage.reference(withPath: "ios/public/given").data(maxSize: 10) == Data("abc".utf8))
    let given = try await storage.reference(withPath: "ios/public/given").getMetadata()
    #expect(given.size == 3 && given.md5Hash == "kAFQmDzST7DWlj99KOF/cg==")
    let error = await #expect(throws: StorageError.self) {
      try await storage.reference(withPath: "ios/public/listed").data(maxSize: 10)
    }
    #expect(error?.errorCode == StorageErrorCode.internalError.rawValue)
    #expect(error.map { "\($0 as NSError)" }?.contains("no contents for ios/public/listed") == true)
  }

  /// A download is a `get`: the rules decide before the bytes are read.
  @Test func downloadsAreDecidedByTheRules() async throws {
    let storage = Fixtures.storage(
      rules: Fixtures.rules("match /d/{f} { allow create; allow get: if false; }"))
    let ref = storage.reference(withPath: "d/x")
    _ = try await ref.putDataAsync(Fixtures.hello)
    await Fixtures.expectError(.unauthorized, "User does not have permission to access gs://bkt/d/x.") {
      try await ref.data(maxSize: 100)
    }
  }
}
