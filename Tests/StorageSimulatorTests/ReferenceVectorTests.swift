import Foundation
import RulesEvaluator
import StorageBucket
import StorageSimulator
import Testing

/// storage-list-and-references.md §6.1, as the Apple-platform SDK behaves (decisions.md §19).
@Suite("References (§6.1)")
struct ReferenceVectorTests {
  let storage = Fixtures.storage()

  @Test func r1ChildOfRoot() {
    let images = storage.reference().child("images")
    #expect(images.fullPath == "images")
    #expect(images.name == "images")
    #expect(images.parent() == storage.reference())
    #expect(images.bucket == "bkt")
    #expect(images.description == "gs://bkt/images")
  }

  @Test func r2SlashesAreNormalised() {
    #expect(storage.reference().child("//a///b/////").fullPath == "a/b")
  }

  @Test func r3ChainedChildren() {
    #expect(storage.reference(withPath: "a").child("/b").child("c").child("d/e").fullPath == "a/b/c/d/e")
  }

  @Test func r4DotsAreNotResolved() {
    let reference = storage.reference().child("a/./b/../c")
    #expect(reference.fullPath == "a/./b/../c")
    #expect(reference.name == "c")
    #expect(reference.parent()?.fullPath == "a/./b/..")
  }

  @Test func r5Root() {
    let root = storage.reference()
    #expect(root.parent() == nil)
    #expect(root.name == "")
    #expect(root.fullPath == "")
    #expect(root.description == "gs://bkt/")
  }

  @Test func r6ParentOfParentIsRoot() throws {
    let root = try #require(storage.reference(withPath: "a/b").parent()?.parent())
    #expect(root.fullPath == "")
    #expect(root == storage.reference())
    #expect(root.parent() == nil)
  }

  @Test func r7EmptyChildIsTheSameReference() {
    #expect(storage.reference(withPath: "a").child("").fullPath == "a")
    #expect(storage.reference().child("").fullPath == "")
    #expect(storage.reference(withPath: "a").child("//////").fullPath == "a")
  }

  @Test func r8GSURL() throws {
    let reference = storage.reference(forURL: "gs://bkt/path/to/object")
    #expect(reference.bucket == "bkt")
    #expect(reference.fullPath == "path/to/object")
  }

  @Test(arguments: ["gs://bkt", "gs://bkt/", "https://firebasestorage.googleapis.com/v0/b/bkt/o"])
  func r9RootURLs(url: String) throws {
    #expect(storage.reference(forURL: url) == storage.reference())
  }

  @Test func r10GSPathIsNormalised() throws {
    #expect(storage.reference(forURL: "gs://bkt/a//b/").fullPath == "a/b")
  }

  @Test func r11HTTPSPathIsDecoded() throws {
    let url = "https://firebasestorage.googleapis.com/v0/b/bkt/o/path%2Fto%2Fobject?alt=media&token=abc"
    #expect(storage.reference(forURL: url).fullPath == "path/to/object")
  }

  @Test func r12EscapedSpecialCharacters() throws {
    let url = "https://firebasestorage.googleapis.com/v0/b/bkt/o/%3F/%25/%23?token=x"
    #expect(storage.reference(forURL: url).fullPath == "?/%/#")
  }

  @Test func r13GSPathIsNotDecoded() throws {
    #expect(storage.reference(forURL: "gs://bkt/?/%/#").fullPath == "?/%/#")
  }

  @Test func r14WrongVersionIsAPathError() async throws {
    let url = try #require(URL(string: "http://foo.google.com/v1/b/bkt/o/x"))
    await Fixtures.expectError(.pathError, StoragePathMessages.http) { try storage.reference(for: url) }
  }

  @Test func r15WrongSchemeIsAPathError() async throws {
    let url = try #require(URL(string: "ftp://firebasestorage.googleapis.com/v0/b/bkt/o/x"))
    await Fixtures.expectError(.pathError, StoragePathMessages.scheme) { try storage.reference(for: url) }
    #expect(StorageErrorCode.pathError.rawValue == -13053)
  }

  @Test func r16OtherBucketIsABucketMismatch() async throws {
    let storage = Fixtures.storage(bucket: "b1")
    let url = try #require(URL(string: "gs://b2/x"))
    await Fixtures.expectError(
      .bucketMismatch, "Provided bucket: `b2` does not match the Storage bucket of the current instance: `b1`"
    ) { try storage.reference(for: url) }
    #expect(StorageErrorCode.bucketMismatch.rawValue == -13051)
  }

  @Test func r17BucketsCompareExactly() throws {
    let url = try #require(URL(string: "gs://BKT/x"))
    #expect(throws: StorageError.self) { try storage.reference(for: url) }
  }

  @Test func r18NamesAreBytesNotCanonicalEquivalents() async throws {
    let decomposed = "e\u{301}"
    let precomposed = "\u{e9}"
    #expect(decomposed == precomposed)  // Swift's String ==: canonical equivalence
    #expect(ObjectName(decomposed) != ObjectName(precomposed))
    #expect(storage.reference(withPath: decomposed) != storage.reference(withPath: precomposed))
    let listing = BucketListing(names: [decomposed, precomposed])
    #expect(listing.count == 2)
    _ = try await storage.reference(withPath: decomposed).putDataAsync(Data([1]))
    _ = try await storage.reference(withPath: precomposed).putDataAsync(Data([2, 3]))
    #expect(try await storage.reference(withPath: decomposed).getMetadata().size == 1)
    #expect(try await storage.reference(withPath: precomposed).getMetadata().size == 2)
    #expect(try await storage.reference().listAll().items.count == 2)
  }
}

/// The SDK's URL error messages.
enum StoragePathMessages {
  static let scheme = "Internal error: URL scheme must be one of gs://, http://, or https://"
  static let gs = "Internal error: URI must be in the form of gs://<bucket>/<path/to/object>"
  static let http =
    "Internal error: URL must be in the form of http[s]://<host>/v0/b/<bucket>/o/<path/to/object>[?token=signed_url_params]"
}
