import Foundation
import RulesEvaluator
import StorageBucket
import StorageSimulator
import Testing

/// The Swift examples of the seed documents (`create-reference-apple.md`,
/// `list-files-apple.md`), run against a simulated bucket and real rules, each checked against
/// what the document says it returns. The examples are copied as written, with
/// `Storage.storage()` as in the documents (each test configures the default bucket for
/// itself with `StorageSimulation.withConfiguration`), except: the handler placeholders
/// (`// ...`, empty loop bodies), which record what they see; `_ =` before the bare property
/// reads; a `do { }` around snippets that redeclare a name; `listAllPaginated` is a method of a
/// small struct that holds the page recorder; and formatting follows the repository's style.
@Suite("Seed examples")
struct SeedExampleTests {
  enum Seed {
    static let rules = Fixtures.rules(
      """
      match /files/{uid}/{allPaths=**} { allow read: if request.auth != null && request.auth.uid == uid; }
          match /images/{file} { allow read; }
      """)
    static let objects = BucketListing(
      names: (1...250).map { "files/uid/file\($0).txt" } + [
        "files/uid/photos/a.jpg", "files/uid/docs/b.pdf", "files/uid//bad", "files/other/x.txt",
        "images/space.jpg", "images/earth.jpg",
      ])
    static let user = AuthContext(uid: "uid")
    /// The app's default bucket, signed in as `uid`, or signed out.
    static func bucket(signedIn: Bool = true) -> StorageConfiguration {
      StorageConfiguration(
        bucket: "bkt", rules: rules, objects: objects, auth: signedIn ? user : nil,
        clock: .fixed(Fixtures.time))
    }
  }

  /// Records each page `listAllPaginated` handles.
  actor PageRecorder {
    var pages: [(prefixes: [String], items: [String], token: String?)] = []

    func record(prefixes: [StorageReference], items: [StorageReference], pageToken: String?) {
      pages.append((prefixes.map(\.fullPath), items.map(\.fullPath), pageToken))
    }
  }

  @Test func listAllExample() async throws {
    await StorageSimulation.withConfiguration(Seed.bucket()) {
      var prefixesSeen: [String] = []
      var itemsSeen: [String] = []
      var failure: (any Error)?
      let storage = Storage.storage()

      // list-files-apple.md, "List all files":
      let storageReference = storage.reference().child("files/uid")
      do {
        let result = try await storageReference.listAll()
        for prefix in result.prefixes {
          // The prefixes under storageReference.
          // You may call listAll(completion:) recursively on them.
          prefixesSeen.append(prefix.fullPath)
        }
        for item in result.items {
          // The items under storageReference.
          itemsSeen.append(item.fullPath)
        }
      } catch {
        // ...
        failure = error
      }

      #expect(failure == nil)
      // "root.child('images/uid').listAll() will return the file as an item"; subfolders are
      // prefixes; `files/uid//bad` (two consecutive slashes) is not returned.
      #expect(prefixesSeen == ["files/uid/docs", "files/uid/photos"])
      #expect(itemsSeen.count == 250)
      #expect(
        Array(itemsSeen.prefix(3)) == [
          "files/uid/file1.txt", "files/uid/file10.txt", "files/uid/file100.txt",
        ])
    }
  }

  struct PaginatedExample {
    let recorder = PageRecorder()

    // list-files-apple.md, "Paginate list results":
    func listAllPaginated(pageToken: String? = nil) async throws {
      let storage = Storage.storage()
      let storageReference = storage.reference().child("files/uid")

      let listResult: StorageListResult
      if let pageToken = pageToken {
        listResult = try await storageReference.list(maxResults: 100, pageToken: pageToken)
      } else {
        listResult = try await storageReference.list(maxResults: 100)
      }
      let prefixes = listResult.prefixes
      let items = listResult.items
      // Handle list result
      // ...
      await recorder.record(prefixes: prefixes, items: items, pageToken: listResult.pageToken)

      // Process next page
      if let token = listResult.pageToken {
        try await listAllPaginated(pageToken: token)
      }
    }
  }

  @Test func listAllPaginatedExample() async throws {
    let example = PaginatedExample()
    try await StorageSimulation.withConfiguration(Seed.bucket()) {
      try await example.listAllPaginated()
    }
    let pages = await example.recorder.pages
    // 2 folders and 250 objects in byte order: docs/, file1.txt … file99.txt, photos/; a
    // page token while more remain.
    #expect(pages.map { $0.prefixes.count + $0.items.count } == [100, 100, 52])
    #expect(pages[0].prefixes == ["files/uid/docs"])
    #expect(pages[2].prefixes == ["files/uid/photos"])
    #expect(pages.map { $0.token != nil } == [true, true, false])
    #expect(Set(pages.flatMap(\.items)).count == 250)
  }

  @Test func paginatedExampleSignedOutFailsOnTheFirstPage() async {
    // "Other possible errors may indicate the user does not have the right permissions."
    let example = PaginatedExample()
    await StorageSimulation.withConfiguration(Seed.bucket(signedIn: false)) {
      await Fixtures.expectError(.unauthorized, "User does not have permission to access gs://bkt/files/uid.")
      {
        try await example.listAllPaginated()
      }
    }
    #expect(await example.recorder.pages.isEmpty)
  }

  @Test func versionOneRulesRefuseTheListWithTheDocumentedMessage() async {
    // "Handle errors": the list API fails until the rules are version 2, with this message.
    var configuration = Seed.bucket()
    configuration.rules = Fixtures.rules("match /{all=**} { allow read; }", version1: true)
    let error = await StorageSimulation.withConfiguration(configuration) {
      await Fixtures.expectError(.unknown, "Unknown 400 error from backend") {
        try await PaginatedExample().listAllPaginated()
      }
    }
    let body = error.map { ($0 as NSError).userInfo["ResponseBody"] as? String } ?? nil
    #expect(
      body?.contains(
        #"Listing objects in a bucket is disallowed for rules_version = \"1\".\nPlease update storage "#
          + #"security rules to rules_version = \"2\" to use list."#) == true)
  }

  @Test func referenceExamples() async {
    await StorageSimulation.withConfiguration(Seed.bucket()) {
      // swift-format-ignore: AlwaysUseLowerCamelCase
      let your_firebase_storage_bucket = "gs://bkt"

      // create-reference-apple.md, "Create a Reference":
      // Get a reference to the storage service using the default Firebase App
      let storage = Storage.storage()

      // Create a storage reference from our storage service
      let storageRef = storage.reference()

      // Create a child reference
      // imagesRef now points to "images"
      let imagesRef = storageRef.child("images")

      // Child references can also take paths delimited by '/'
      // spaceRef now points to "images/space.jpg"
      // imagesRef still points to "images"
      var spaceRef = storageRef.child("images/space.jpg")

      // This is equivalent to creating the full reference
      let storagePath = "\(your_firebase_storage_bucket)/images/space.jpg"
      spaceRef = storage.reference(forURL: storagePath)

      #expect(imagesRef.fullPath == "images")
      #expect(spaceRef == storageRef.child("images/space.jpg"))

      do {
        // "Navigate with References":
        // Parent allows us to move to the parent of a reference
        // imagesRef now points to 'images'
        let imagesRef = spaceRef.parent()

        // Root allows us to move all the way back to the top of our bucket
        // rootRef now points to the root
        let rootRef = spaceRef.root()

        #expect(imagesRef?.fullPath == "images")
        #expect(rootRef == storageRef)
      }

      // References can be chained together multiple times
      // earthRef points to "images/earth.jpg"
      let earthRef = spaceRef.parent()?.child("earth.jpg")

      // nilRef is nil, since the parent of root is nil
      let nilRef = spaceRef.root().parent()

      #expect(earthRef?.fullPath == "images/earth.jpg")
      #expect(nilRef == nil)

      // "Reference Properties":
      // Reference's path is: "images/space.jpg"
      // This is analogous to a file path on disk
      _ = spaceRef.fullPath

      // Reference's name is the last segment of the full path: "space.jpg"
      // This is analogous to the file name
      _ = spaceRef.name

      // Reference's bucket is the name of the storage bucket where files are stored
      _ = spaceRef.bucket

      #expect(spaceRef.fullPath == "images/space.jpg")
      #expect(spaceRef.name == "space.jpg")
      #expect(spaceRef.bucket == "bkt")
    }
  }

  @Test func fullReferenceExample() async {
    await StorageSimulation.withConfiguration(Seed.bucket()) {
      // create-reference-apple.md, "Full Example":
      // Points to the root reference
      let storageRef = Storage.storage().reference()

      // Points to "images"
      let imagesRef = storageRef.child("images")

      // Points to "images/space.jpg"
      // Note that you can use variables to create child values
      let fileName = "space.jpg"
      let spaceRef = imagesRef.child(fileName)

      // File path is "images/space.jpg"
      let path = spaceRef.fullPath

      // File name is "space.jpg"
      let name = spaceRef.name

      // Points to "images"
      let images = spaceRef.parent()

      #expect(path == "images/space.jpg")
      #expect(name == "space.jpg")
      #expect(images == imagesRef)
    }
  }

  @Test func limitationsOnReferences() async {
    // "Limitations on References": 1 to 1024 bytes of UTF-8, no CR or LF.
    await StorageSimulation.withConfiguration(Seed.bucket()) {
      let tooLong = Storage.storage().reference().child(String(repeating: "é", count: 513))
      await Fixtures.expectError(
        .invalidArgument,
        "Invalid object path: an object path must be 1 to 1024 bytes of UTF-8; this one is 1026 bytes."
      ) { try await tooLong.getMetadata() }
    }
  }

  @Test func imagesFolderListsForEveryone() async throws {
    let storage = Storage(bucket: "bkt", rules: Seed.rules, objects: Seed.objects)
    let result = try await storage.reference().child("images").listAll()
    #expect(Fixtures.paths(result.items) == ["images/earth.jpg", "images/space.jpg"])
  }
}
