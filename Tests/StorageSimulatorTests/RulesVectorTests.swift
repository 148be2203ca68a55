import Foundation
import RulesEvaluator
import StorageBucket
import StorageSimulator
import Testing

/// storage-list-and-references.md §6.3: list and object operations decided by the rules
/// (decisions.md §3, §8, §9, §11).
@Suite("Rules and errors (§6.3)")
struct RulesVectorTests {
  static let versionOneMessage =
    "Listing objects in a bucket is disallowed for rules_version = \"1\".\n"
    + "Please update storage security rules to rules_version = \"2\" to use list."
  static let filesRule = "match /files/{uid}/{file} { allow list: if request.auth.uid == uid; }"

  @Test func s1VersionOneListIsRefusedWith400() async {
    let rules = Fixtures.rules("match /{all=**} { allow read; }", version1: true)
    let storage = Fixtures.storage(["a"], rules: rules, uid: "u1")
    // The SDK reports a 400 as `unknown`, with the server's text in the response body.
    let error = await Fixtures.expectError(.unknown, "Unknown 400 error from backend") {
      try await storage.reference().listAll()
    }
    let userInfo = error.map { ($0 as NSError).userInfo } ?? [:]
    #expect(
      (userInfo["ResponseBody"] as? String)?.contains(#"Listing objects in a bucket is disallowed"#) == true)
    #expect(userInfo["ResponseErrorCode"] as? Int == 400)
    let outcome = SimulatedBucket(name: "bkt", rules: rules).list(folder: "", auth: nil, time: Fixtures.time)
    #expect(outcome.status == 400)
    #expect(outcome.decision?.reason == .versionOneList)
    #expect(outcome.error == .unknown(message: Self.versionOneMessage))
  }

  @Test func s2ReadGrantsListEverywhere() async throws {
    let storage = Fixtures.storage(["a/b/c"], rules: Fixtures.rules("match /{all=**} { allow read; }"))
    #expect(Fixtures.paths(try await storage.reference().listAll().prefixes) == ["a"])
    #expect(Fixtures.paths(try await storage.reference(withPath: "a/b").listAll().items) == ["a/b/c"])
  }

  @Test func s3ChildMatchGrantsTheOwner() async throws {
    let storage = Fixtures.storage(["files/u1/x"], rules: Fixtures.rules(Self.filesRule), uid: "u1")
    #expect(
      Fixtures.paths(try await storage.reference(withPath: "files/u1").listAll().items) == ["files/u1/x"])
  }

  @Test(arguments: ["u2", nil] as [String?])
  func s4OthersAreDenied(uid: String?) async {
    let storage = Fixtures.storage(["files/u1/x"], rules: Fixtures.rules(Self.filesRule), uid: uid)
    await Fixtures.expectError(.unauthorized, "User does not have permission to access gs://bkt/files/u1.") {
      try await storage.reference(withPath: "files/u1").list(maxResults: 10)
    }
    #expect(StorageErrorCode.unauthorized.rawValue == -13021)
    // The CLI's wording, from the bucket underneath.
    let outcome = SimulatedBucket(name: "bkt", rules: Fixtures.rules(Self.filesRule)).list(
      folder: "files/u1", auth: uid.map { AuthContext(uid: $0) }, time: Fixtures.time)
    #expect(outcome.error?.message == "User does not have permission to access 'files/u1'.")
  }

  @Test func s5RecursiveWildcardGrantsTheFolderItself() async throws {
    let storage = Fixtures.storage(
      ["listAll/a"], rules: Fixtures.rules("match /listAll/{allPaths=**} { allow list; }"))
    #expect(try await storage.reference(withPath: "listAll").listAll().items.count == 1)
  }

  @Test func s6GetDoesNotGrantList() async {
    let storage = Fixtures.storage(rules: Fixtures.rules("match /files/{uid}/{file} { allow get; }"))
    await Fixtures.expectError(.unauthorized, "User does not have permission to access gs://bkt/files/u1.") {
      try await storage.reference(withPath: "files/u1").listAll()
    }
  }

  @Test func s7ListDoesNotGrantGet() async {
    let storage = Fixtures.storage(
      ["files/u1/x"], rules: Fixtures.rules("match /files/{uid}/{file} { allow list; }"))
    await Fixtures.expectError(.unauthorized, "User does not have permission to access gs://bkt/files/u1/x.")
    {
      try await storage.reference(withPath: "files/u1/x").getMetadata()
    }
  }

  @Test func s8PatternOfTheFolderItselfDoesNotGrantList() async {
    let storage = Fixtures.storage(rules: Fixtures.rules("match /files/{uid} { allow list; }"))
    await Fixtures.expectError(.unauthorized, "User does not have permission to access gs://bkt/files/u1.") {
      try await storage.reference(withPath: "files/u1").listAll()
    }
  }

  @Test func s9AllowedGetOfMissingObjectIsNotFound() async {
    let storage = Fixtures.storage(rules: Fixtures.rules("match /d/{f} { allow get; }"))
    await Fixtures.expectError(.objectNotFound, "Object d/x does not exist.") {
      try await storage.reference(withPath: "d/x").getMetadata()
    }
    #expect(BucketError.objectNotFound(object: "d/x").message == "Object 'd/x' does not exist.")
    #expect(StorageErrorCode.objectNotFound.rawValue == -13010)
  }

  @Test func s10ResourceOfMissingObjectIsNull() async {
    let storage = Fixtures.storage(
      rules: Fixtures.rules("match /d/{f} { allow get: if resource.size < 100; }"))
    await Fixtures.expectError(.unauthorized, "User does not have permission to access gs://bkt/d/x.") {
      try await storage.reference(withPath: "d/x").getMetadata()
    }
  }

  @Test func s11OverwriteIsACreateThatSeesTheOldObject() async {
    let rules = Fixtures.rules("match /d/{f} { allow create: if resource == null; allow read; }")
    let storage = Fixtures.storage(["d/x"], rules: rules)
    await Fixtures.expectError(.unauthorized, "User does not have permission to access gs://bkt/d/x.") {
      try await storage.reference(withPath: "d/x").putDataAsync(Data([1, 2, 3]))
    }
    // A new object has no resource, so the same rule lets it in.
    let created = try? await storage.reference(withPath: "d/y").putDataAsync(Data([1]))
    #expect(created?.size == 1)
  }

  @Test func s12UpdateFalseDoesNotStopOverwrites() async throws {
    let storage = Fixtures.storage(
      ["d/x"], rules: Fixtures.rules("match /d/{f} { allow create; allow update: if false; }"))
    let reference = storage.reference(withPath: "d/x")
    let uploaded = try await reference.putDataAsync(Data(Array("new".utf8)))
    #expect(uploaded.size == 3)
    let changes = StorageMetadata()
    changes.contentType = "text/plain"
    await Fixtures.expectError(.unauthorized, "User does not have permission to access gs://bkt/d/x.") {
      try await reference.updateMetadata(changes)
    }
  }

  @Test(arguments: ["getMetadata", "delete"])
  func s13RootOperationsAreInvalid(operation: String) async {
    let root = Fixtures.storage().reference()
    let message =
      "The operation '\(operation)' cannot be performed on a root reference, "
      + "create a non-root reference using child, such as .child('file.png')."
    await Fixtures.expectError(.invalidArgument, message) {
      if operation == "delete" { try await root.delete() } else { _ = try await root.getMetadata() }
    }
  }
}
