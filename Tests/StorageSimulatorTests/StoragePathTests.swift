import Foundation
import StorageBucket
import StorageSimulator
import Testing

/// URL parsing quirks of the Apple-platform SDK, and the limits on references.
@Suite("StoragePath")
struct StoragePathTests {
  @Test func gsURLsWithoutABucketAreErrors() {
    for url in ["gs://", "gs:///"] {
      #expect(throws: BucketError.pathError(message: StoragePathMessages.gs)) { try StoragePath(url: url) }
    }
  }

  @Test func gsEmptyPiecesAreSkippedAsSwiftSplitDoes() throws {
    #expect(try StoragePath(url: "gs:///path") == StoragePath(bucket: "path"))
    #expect(try StoragePath(url: "gs:///a/b") == StoragePath(bucket: "a", object: "b"))
    #expect(try StoragePath(url: "gs://b//x") == StoragePath(bucket: "b", object: "x"))
  }

  @Test func httpHostIsNotChecked() throws {
    let path = try StoragePath(url: "https://example.com/v0/b/bkt/o/x%20y")
    #expect(path.bucket == "bkt")
    #expect(path.object == "x y")
    #expect(try StoragePath(url: "http://localhost:9199/v0/b/bkt/o/a%2Fb#fragment").object == "a/b")
  }

  @Test func httpWithoutObjectSegmentIsTheRoot() throws {
    #expect(try StoragePath(url: "https://firebasestorage.googleapis.com/v0/b/bkt").isRoot)
    #expect(try StoragePath(url: "https://firebasestorage.googleapis.com/v0/b/bkt/o/").isRoot)
  }

  @Test(arguments: [
    "https://firebasestorage.googleapis.com/v0/b/bkt/x/y",
    "https://firebasestorage.googleapis.com/v0/b/bkt/o/%zz",
    "https://firebasestorage.googleapis.com/v0/b/bkt/o/%FF",
    "https://firebasestorage.googleapis.com/v0/b",
    "https://firebasestorage.googleapis.com",
  ])
  func malformedHTTPURLs(url: String) {
    #expect(throws: BucketError.pathError(message: StoragePathMessages.http)) { try StoragePath(url: url) }
  }

  @Test func schemesAreCaseSensitive() {
    #expect(throws: BucketError.pathError(message: StoragePathMessages.scheme)) {
      try StoragePath(url: "GS://bkt/x")
    }
  }

  @Test func navigationWithoutAStorage() {
    let path = StoragePath(bucket: "bkt", object: "/a//b/")
    #expect(path.object == "a/b")
    #expect(path.name == "b")
    #expect(path.parent()?.object == "a")
    #expect(path.parent()?.parent()?.isRoot == true)
    #expect(path.root().description == "gs://bkt/")
    #expect(path.child("..").object == "a/b/..")
  }

  @Test func pathLimitsAreErrors() {
    #expect(PathIssue.check("").map(\.kind) == [.empty])
    #expect(PathIssue.check(String(repeating: "a", count: 1024)).isEmpty)
    #expect(PathIssue.check(String(repeating: "é", count: 513)).map(\.kind) == [.tooLong(byteCount: 1026)])
    #expect(PathIssue.check("a\nb").map(\.kind) == [.lineBreak])
    #expect(PathIssue.check("a\rb").first?.severity == .error)
  }

  @Test func discouragedCharactersAreWarnings() {
    let issues = PathIssue.check("a#b[c]*?")
    #expect(issues.map(\.kind) == ["#", "[", "]", "*", "?"].map { .discouragedCharacter($0) })
    #expect(issues.allSatisfy { $0.severity == .warning })
    #expect(PathIssue.firstError("a#b") == nil)
  }

  @Test func operationsOnPathsOutsideTheLimitsAreRefused() async {
    let storage = Fixtures.storage()
    let long = storage.reference(withPath: String(repeating: "x", count: 1025))
    await Fixtures.expectError(
      .invalidArgument,
      "Invalid object path: an object path must be 1 to 1024 bytes of UTF-8; this one is 1025 bytes."
    ) {
      try await long.putDataAsync(Data([1]))
    }
    await #expect(throws: StorageError.self) { try await storage.reference(withPath: "a\nb").getMetadata() }
  }
}
