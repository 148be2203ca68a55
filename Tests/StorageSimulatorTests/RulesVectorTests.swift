import RulesEvaluator
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
    await #expect(throws: StorageError.unknown(message: Self.versionOneMessage)) {
      try await storage.reference().listAll()
    }
    let outcome = SimulatedBucket(name: "bkt", rules: rules).list(folder: "", auth: nil, time: Fixtures.time)
    #expect(outcome.status == 400)
    #expect(outcome.decision?.reason == .versionOneList)
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
    let expected = StorageError.unauthorized(bucket: "bkt", object: "files/u1")
    await #expect(throws: expected) { try await storage.reference(withPath: "files/u1").list(maxResults: 10) }
    #expect(expected.message == "User does not have permission to access 'files/u1'.")
    #expect(expected.code == -13021)
  }

  @Test func s5RecursiveWildcardGrantsTheFolderItself() async throws {
    let storage = Fixtures.storage(
      ["listAll/a"], rules: Fixtures.rules("match /listAll/{allPaths=**} { allow list; }"))
    #expect(try await storage.reference(withPath: "listAll").listAll().items.count == 1)
  }

  @Test func s6GetDoesNotGrantList() async {
    let storage = Fixtures.storage(rules: Fixtures.rules("match /files/{uid}/{file} { allow get; }"))
    await #expect(throws: StorageError.unauthorized(bucket: "bkt", object: "files/u1")) {
      try await storage.reference(withPath: "files/u1").listAll()
    }
  }

  @Test func s7ListDoesNotGrantGet() async {
    let storage = Fixtures.storage(
      ["files/u1/x"], rules: Fixtures.rules("match /files/{uid}/{file} { allow list; }"))
    await #expect(throws: StorageError.unauthorized(bucket: "bkt", object: "files/u1/x")) {
      try await storage.reference(withPath: "files/u1/x").getMetadata()
    }
  }

  @Test func s8PatternOfTheFolderItselfDoesNotGrantList() async {
    let storage = Fixtures.storage(rules: Fixtures.rules("match /files/{uid} { allow list; }"))
    await #expect(throws: StorageError.unauthorized(bucket: "bkt", object: "files/u1")) {
      try await storage.reference(withPath: "files/u1").listAll()
    }
  }

  @Test func s9AllowedGetOfMissingObjectIsNotFound() async {
    let storage = Fixtures.storage(rules: Fixtures.rules("match /d/{f} { allow get; }"))
    let expected = StorageError.objectNotFound(object: "d/x")
    await #expect(throws: expected) { try await storage.reference(withPath: "d/x").getMetadata() }
    #expect(expected.message == "Object 'd/x' does not exist.")
    #expect(expected.code == -13010)
  }

  @Test func s10ResourceOfMissingObjectIsNull() async {
    let storage = Fixtures.storage(
      rules: Fixtures.rules("match /d/{f} { allow get: if resource.size < 100; }"))
    await #expect(throws: StorageError.unauthorized(bucket: "bkt", object: "d/x")) {
      try await storage.reference(withPath: "d/x").getMetadata()
    }
  }

  @Test func s11OverwriteIsACreateThatSeesTheOldObject() async {
    let rules = Fixtures.rules("match /d/{f} { allow create: if resource == null; allow read; }")
    let storage = Fixtures.storage(["d/x"], rules: rules)
    await #expect(throws: StorageError.unauthorized(bucket: "bkt", object: "d/x")) {
      try await storage.reference(withPath: "d/x").putData([1, 2, 3])
    }
    // A new object has no resource, so the same rule lets it in.
    let created = try? await storage.reference(withPath: "d/y").putData([1])
    #expect(created?.size == 1)
  }

  @Test func s12UpdateFalseDoesNotStopOverwrites() async throws {
    let storage = Fixtures.storage(
      ["d/x"], rules: Fixtures.rules("match /d/{f} { allow create; allow update: if false; }"))
    let reference = storage.reference(withPath: "d/x")
    let uploaded = try await reference.putData(Array("new".utf8))
    #expect(uploaded.size == 3)
    var changes = StorageMetadata()
    changes.contentType = "text/plain"
    await #expect(throws: StorageError.unauthorized(bucket: "bkt", object: "d/x")) {
      try await reference.updateMetadata(changes)
    }
  }

  @Test(arguments: ["getMetadata", "delete"])
  func s13RootOperationsAreInvalid(operation: String) async {
    let root = Fixtures.storage().reference()
    let expected = StorageError.invalidArgument(
      message: "The operation '\(operation)' cannot be performed on a root reference, "
        + "create a non-root reference using child, such as .child('file.png').")
    await #expect(throws: expected) {
      if operation == "delete" { try await root.delete() } else { _ = try await root.getMetadata() }
    }
  }
}
