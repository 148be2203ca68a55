import Foundation
import RulesEvaluator
import StorageBucket
import StorageSimulator
import Testing

/// storage-list-and-references.md §6.2, production behaviour (decisions.md §18).
@Suite("List (§6.2)")
struct ListVectorTests {
  static let docsBucket = ["correctPrefix/happyItem", "wrongPrefix//sadItem", "lonelyItem/"]
  static let iosBucket = ["ios/public/list/a", "ios/public/list/b", "ios/public/list/prefix/c"]
  static let smallDirectory = ["smallDirectory/aprefix/x"] + (1...98).map { "smallDirectory/data\($0).dat" }

  func list(
    _ listing: BucketListing, _ folder: String, _ maxResults: Int? = nil, _ token: String? = nil
  ) throws -> ListPage {
    try listing.list(folder: folder, maxResults: maxResults, pageToken: token)
  }

  @Test func l1RootOfTheDocsBucket() async throws {
    let result = try await Fixtures.storage(Self.docsBucket).reference().list(maxResults: 1000)
    #expect(Fixtures.paths(result.prefixes) == ["correctPrefix", "lonelyItem", "wrongPrefix"])
    #expect(result.items.isEmpty)
    #expect(result.pageToken == nil)
  }

  @Test func l2ValidItem() async throws {
    let result = try await Fixtures.storage(Self.docsBucket).reference(withPath: "correctPrefix").listAll()
    #expect(result.prefixes.isEmpty)
    #expect(Fixtures.paths(result.items) == ["correctPrefix/happyItem"])
  }

  @Test func l3InvalidNamesAreFiltered() throws {
    let listing = BucketListing(names: Self.docsBucket)
    #expect(try list(listing, "wrongPrefix") == ListPage())
    #expect(try list(listing, "lonelyItem") == ListPage())
  }

  @Test func l4AndL5PagesCountItemsAndPrefixes() throws {
    let listing = BucketListing(names: Self.iosBucket)
    let first = try list(listing, "ios/public/list", 2)
    #expect(first.items == ["ios/public/list/a", "ios/public/list/b"])
    #expect(first.prefixes.isEmpty)
    let token = try #require(first.nextPageToken)
    let second = try list(listing, "ios/public/list", 2, token)
    #expect(second == ListPage(prefixes: ["ios/public/list/prefix"], items: [], nextPageToken: nil))
  }

  @Test func l6ListAll() async throws {
    let result = try await Fixtures.storage(Self.iosBucket).reference(withPath: "ios/public/list").listAll()
    #expect(Fixtures.paths(result.items) == ["ios/public/list/a", "ios/public/list/b"])
    #expect(Fixtures.paths(result.prefixes) == ["ios/public/list/prefix"])
    #expect(result.pageToken == nil)
  }

  @Test func l7PageBoundaryFollowsMergedOrder() throws {
    let page = try list(BucketListing(names: Self.smallDirectory), "smallDirectory", 10)
    #expect(page.prefixes == ["smallDirectory/aprefix"])
    #expect(page.items == (["data1.dat"] + (10...17).map { "data\($0).dat" }).map { "smallDirectory/" + $0 })
    #expect(page.nextPageToken == "c21hbGxEaXJlY3RvcnkvZGF0YTE3LmRhdA==")
  }

  @Test func l8PaginateToTheEnd() throws {
    let listing = BucketListing(names: Self.smallDirectory)
    var pages: [ListPage] = []
    var token: String?
    repeat {
      let page = try list(listing, "smallDirectory", 10, token)
      pages.append(page)
      token = page.nextPageToken
    } while token != nil
    #expect(pages.count == 10)
    #expect(
      Array(pages[1].items.prefix(3))
        == ["data18.dat", "data19.dat", "data2.dat"].map { "smallDirectory/" + $0 })
    #expect(pages[9].items == (90...98).map { "smallDirectory/data\($0).dat" })
    #expect(pages.flatMap(\.items).count == 98)
  }

  @Test func l9ListAllFetchesDefaultSizePages() async throws {
    let names =
      (1...1101).map { "largeDirectory/data\($0).dat" } + [
        "largeDirectory/prefix0/x", "largeDirectory/prefix1/y",
      ]
    let listing = BucketListing(names: names)
    let first = try list(listing, "largeDirectory")
    #expect(first.items.count == 1000)
    #expect(first.items.first == "largeDirectory/data1.dat")
    #expect(first.items.last == "largeDirectory/data907.dat")
    #expect(first.prefixes.isEmpty)
    #expect(first.nextPageToken == "bGFyZ2VEaXJlY3RvcnkvZGF0YTkwNy5kYXQ=")
    let second = try list(listing, "largeDirectory", nil, first.nextPageToken)
    #expect(second.items.count == 101)
    #expect(
      Array(second.items.prefix(3))
        == ["data908.dat", "data909.dat", "data91.dat"].map { "largeDirectory/" + $0 })
    #expect(second.items.last == "largeDirectory/data999.dat")
    #expect(second.prefixes == ["largeDirectory/prefix0", "largeDirectory/prefix1"])
    #expect(second.nextPageToken == nil)
    let all = try await Fixtures.storage(names).reference(withPath: "largeDirectory").listAll()
    #expect(all.items.count == 1101)
    #expect(all.prefixes.count == 2)
  }

  @Test func l10ByteOrderAcrossItemsAndPrefixes() throws {
    let listing = BucketListing(names: ["a0", "a/x", "a-", "A"])
    let first = try list(listing, "", 2)
    #expect(first.items == ["A", "a-"])
    #expect(first.prefixes.isEmpty)
    let token = try #require(first.nextPageToken)
    let second = try list(listing, "", 2, token)
    #expect(second == ListPage(prefixes: ["a"], items: ["a0"], nextPageToken: nil))
  }

  @Test func l11PrefixesWithEmptySegmentsAreFiltered() throws {
    let listing = BucketListing(names: ["listAll//foo", "listAll/bar//", "listAll/baz//qux"])
    #expect(try listing.listAll(folder: "listAll") == ListPage(prefixes: ["listAll/bar", "listAll/baz"]))
  }

  @Test func l12PlaceholderIsNotListedUnderItself() throws {
    let listing = BucketListing(names: ["listAll/abc/", "listAll/item1"])
    #expect(try list(listing, "listAll") == ListPage(prefixes: ["listAll/abc"], items: ["listAll/item1"]))
    #expect(try list(listing, "listAll/abc") == ListPage())
  }

  @Test func l13EmptyFolderIsNotAnError() async throws {
    let result = try await Fixtures.storage().reference(withPath: "anything").list(maxResults: 10)
    #expect(result.items.isEmpty && result.prefixes.isEmpty && result.pageToken == nil)
  }

  @Test func l14NoTokenWhenExactlyMaxResultsRemain() throws {
    let page = try list(BucketListing(names: ["x/1", "x/2", "x/3"]), "x", 3)
    #expect(page.items.count == 3)
    #expect(page.nextPageToken == nil)
  }

  @Test(arguments: [0, 1001, -1])
  func l15L16L17MaxResultsOutOfRange(maxResults: Int64) async {
    let reference = Fixtures.storage(["a"]).reference()
    let message = "Argument 'maxResults' must be between 1 and 1000 inclusive."
    await Fixtures.expectError(.invalidArgument, message) { try await reference.list(maxResults: maxResults) }
    #expect(StorageErrorCode.invalidArgument.rawValue == -13050)
    #expect(throws: BucketError.invalidArgument(message: message)) {
      try BucketListing().list(folder: "", maxResults: Int(maxResults))
    }
  }

  @Test func l18ObjectsCreatedBetweenPages() async throws {
    let storage = Fixtures.storage(["f/a", "f/c"])
    let folder = storage.reference(withPath: "f")
    let first = try await folder.list(maxResults: 1)
    #expect(Fixtures.paths(first.items) == ["f/a"])
    _ = try await storage.reference(withPath: "f/0").putDataAsync(Data([0]))
    _ = try await storage.reference(withPath: "f/b").putDataAsync(Data([1]))
    let second = try await folder.list(maxResults: 1, pageToken: try #require(first.pageToken))
    #expect(Fixtures.paths(second.items) == ["f/b"])
    let third = try await folder.list(maxResults: 1, pageToken: try #require(second.pageToken))
    #expect(Fixtures.paths(third.items) == ["f/c"])
    #expect(third.pageToken == nil)
  }

  @Test func l19TokenOfADeletedObjectStillResumesAfterIt() async throws {
    let storage = Fixtures.storage(["f/a", "f/b", "f/c"])
    let first = try await storage.reference(withPath: "f").list(maxResults: 1)
    try await storage.reference(withPath: "f/a").delete()
    let second = try await storage.reference(withPath: "f").list(
      maxResults: 5, pageToken: try #require(first.pageToken))
    #expect(Fixtures.paths(second.items) == ["f/b", "f/c"])
  }
}
