import RulesEvaluator
import StorageBucket
import StorageSimulator
import Testing

/// Reading Cloud Storage JSON API `objects.list` responses: one page, several back to back
/// or one per line, or an array of pages; items with their metadata, prefixes as folders.
@Suite("Listing files: objects.list pages")
struct ListingPagesTests {
  func parse(_ text: String, _ format: ListingFormat = .automatic) throws(ListingError) -> BucketListing {
    try BucketListing(parsing: Array(text.utf8), format: format)
  }

  func names(_ listing: BucketListing) -> [String] { listing.objects.map(\.name.string) }

  func field(_ listing: BucketListing, _ name: String, _ key: String) -> Value? {
    listing.object(named: ObjectName(name))?.metadata?[key]
  }

  /// The first page of `GET /storage/v1/b/my-app.appspot.com/o?delimiter=/&prefix=public/`
  /// as the API answers it: numbers as strings, fields Firebase does not expose.
  static let firstPage = """
    {
      "kind": "storage#objects",
      "nextPageToken": "CgtwdWJsaWMvYi5tZA==",
      "prefixes": [
        "public/press-kit/"
      ],
      "items": [
        {
          "kind": "storage#object",
          "id": "my-app.appspot.com/public/about.md/1714557600000000",
          "selfLink": "https://www.googleapis.com/storage/v1/b/my-app.appspot.com/o/public%2Fabout.md",
          "mediaLink": "https://storage.googleapis.com/download/storage/v1/b/my-app.appspot.com/o/public%2Fabout.md?generation=1714557600000000&alt=media",
          "name": "public/about.md",
          "bucket": "my-app.appspot.com",
          "generation": "1714557600000000",
          "metageneration": "2",
          "contentType": "text/markdown",
          "storageClass": "STANDARD",
          "size": "2048",
          "md5Hash": "XrY7u+Ae7tCTyyK7j1rNww==",
          "crc32c": "yZRlqg==",
          "etag": "CIDIxu/Z+4UDEAI=",
          "timeCreated": "2024-05-01T10:00:00.123Z",
          "updated": "2024-05-03T08:15:00.000Z",
          "timeStorageClassUpdated": "2024-05-01T10:00:00.123Z",
          "contentDisposition": "inline; filename*=utf-8''about.md",
          "cacheControl": "public, max-age=3600",
          "metadata": {
            "firebaseStorageDownloadTokens": "5b0e3f5e-4c1d-4f8e-9a55-2f0d2c2b9a11",
            "owner": "alice"
          }
        }
      ]
    }
    """

  static let secondPage = """
    {"kind": "storage#objects", "items": [{"kind": "storage#object", "name": "public/logo.svg", "bucket": "my-app.appspot.com", "generation": "1714557700000000", "metageneration": "1", "contentType": "image/svg+xml", "size": "5120", "timeCreated": "2024-05-01T10:01:40.000Z", "updated": "2024-05-01T10:01:40.000Z"}]}
    """

  @Test func onePageKeepsFirebaseMetadata() throws {
    let listing = try parse(Self.firstPage)
    #expect(listing.bucket == "my-app.appspot.com")
    #expect(names(listing) == ["public/about.md", "public/press-kit/"])
    let about = "public/about.md"
    #expect(field(listing, about, "size")?.rulesEquals(.int(2048)) == true)
    #expect(field(listing, about, "generation")?.rulesEquals(.int(1_714_557_600_000_000)) == true)
    #expect(field(listing, about, "metageneration")?.rulesEquals(.int(2)) == true)
    #expect(field(listing, about, "contentType")?.rulesEquals(.string("text/markdown")) == true)
    #expect(field(listing, about, "cacheControl")?.rulesEquals(.string("public, max-age=3600")) == true)
    #expect(field(listing, about, "crc32c")?.rulesEquals(.string("yZRlqg==")) == true)
    let created = try #require(RFC3339.parse("2024-05-01T10:00:00.123Z"))
    #expect(field(listing, about, "timeCreated")?.rulesEquals(.timestamp(created)) == true)
    #expect(
      field(listing, about, "metadata")?.rulesEquals(
        .map([
          "firebaseStorageDownloadTokens": .string("5b0e3f5e-4c1d-4f8e-9a55-2f0d2c2b9a11"),
          "owner": .string("alice"),
        ])) == true)
    for skipped in ["kind", "id", "selfLink", "mediaLink", "timeStorageClassUpdated", "name", "bucket"] {
      #expect(field(listing, about, skipped) == nil, "\(skipped)")
    }
    #expect(listing.object(named: ObjectName("public/press-kit/"))?.metadata == nil)
    let page = try listing.list(folder: "public")
    #expect(page.prefixes == ["public/press-kit"])
    #expect(page.items == ["public/about.md"])
  }

  @Test(arguments: [
    ListingPagesTests.firstPage + ListingPagesTests.secondPage,
    ListingPagesTests.firstPage + "\n" + ListingPagesTests.secondPage + "\n",
    "[\n" + ListingPagesTests.firstPage + ",\n" + ListingPagesTests.secondPage + "\n]",
    ListingPagesTests.firstPage.split(separator: "\n").map { $0.trimmingPrefix(while: \.isWhitespace) }
      .joined() + "\n" + ListingPagesTests.secondPage,
  ])
  func severalPagesAreOneListing(text: String) throws {
    let listing = try parse(text)
    #expect(names(listing) == ["public/about.md", "public/logo.svg", "public/press-kit/"])
    #expect(field(listing, "public/logo.svg", "size")?.rulesEquals(.int(5120)) == true)
  }

  /// An item's metadata is kept as the page wrote it and made a map when read: the same map
  /// each time, replaced as a whole when set; an item with no field Firebase shows has an
  /// empty map.
  @Test func itemMetadataIsReadAgainFromThePage() throws {
    let listing = try parse(
      #"{"items": [{"name": "a", "size": "3", "id": "x"}, {"name": "b", "selfLink": "y"}]}"#)
    var object = try #require(listing.object(named: ObjectName("a")))
    #expect(object.metadata?.keys.sorted() == ["size"])
    #expect(object.metadata?["size"]?.rulesEquals(.int(3)) == true)
    object.metadata?["contentType"] = .string("text/plain")
    #expect(object.metadata?.keys.sorted() == ["contentType", "size"])
    #expect(listing.object(named: ObjectName("b"))?.metadata?.isEmpty == true)
  }

  @Test func jsonFormatAndEmptyPages() throws {
    #expect(try parse("{\"kind\": \"storage#objects\"}").count == 0)
    #expect(try parse("{}\n{}", .json).count == 0)
    #expect(names(try parse("{\"prefixes\": [\"a/\", \"b/\"]}")) == ["a/", "b/"])
  }

  @Test func itemsWinOverPrefixesAndLaterItemsWin() throws {
    let text = """
      {"items": [{"name": "d/", "size": "0"}, {"name": "x", "size": "1"}]}
      {"prefixes": ["d/"], "items": [{"name": "x", "size": "2"}]}
      """
    let listing = try parse(text)
    #expect(field(listing, "d/", "size")?.rulesEquals(.int(0)) == true)
    #expect(field(listing, "x", "size")?.rulesEquals(.int(2)) == true)
  }

  /// `versions=true` and `softDeleted=true` exports: only live objects are listed.
  @Test func noncurrentAndSoftDeletedVersionsAreLeftOut() throws {
    let text = """
      {"items": [
        {"name": "a", "generation": "1", "timeDeleted": "2024-05-02T00:00:00Z"},
        {"name": "a", "generation": "2"},
        {"name": "b", "generation": "3", "softDeleteTime": "2024-05-02T00:00:00Z"}
      ]}
      """
    let listing = try parse(text)
    #expect(names(listing) == ["a"])
    #expect(field(listing, "a", "generation")?.rulesEquals(.int(2)) == true)
  }

  @Test func malformedPagesNameLineAndColumn() {
    let expected = [
      (
        "{\"items\": [\n  {\"name\": \"a\", \"size\": \"big\"}\n]}", 2, 25, "\"item.size\" must be an integer"
      ),
      (
        "{\"items\": [{\"name\": \"a\",\n \"metadata\": {\"n\": 1}}]}", 2, 14,
        "\"item.metadata.n\" must be a string"
      ),
      ("{\"items\": [{\"size\": \"1\"}]}", 1, 12, "an item needs a \"name\" string"),
      ("{\"items\": [\"a\"]}", 1, 12, "an item must be an object with a \"name\", not a string"),
      ("{\"items\": {}}", 1, 11, "\"items\" must be an array"),
      (
        "{\"kind\": \"storage#buckets\"}", 1, 10,
        "\"kind\" of an objects.list page must be \"storage#objects\""
      ),
      (
        "{\"prefixes\": [\"a/\", \"b-\"]}", 1, 21,
        "prefix 'b-' does not end with '/'; export the pages with the delimiter '/' or without one"
      ),
      ("{\"prefixes\": [7]}", 1, 15, "a prefix must be a string, not a number"),
      (
        "{\"items\": [], \"name\": \"a\"}", 1, 23,
        "unknown member \"name\" in an objects.list page; expected kind, items, prefixes, nextPageToken"
      ),
      (
        "{}\n{\"items\": [{\"name\": \"a\", \"bucket\": \"b1\"}]}\n{\"items\": [{\"name\": \"c\", \"bucket\": \"b2\"}]}",
        3, 36, "names bucket 'b2', but line 2 names 'b1'; a listing holds one bucket"
      ),
      (
        "{\"items\": []}\n  [\"a\"]", 2, 3,
        "expected another objects.list page (a JSON object starting with '{') or the end of the file"
      ),
      ("{\"items\": []}\n{\"items\": [\"a\" \"b\"]}", 2, 16, "malformed JSON: expected ',' or ']'"),
      ("[{\"items\": []}, \"a\"]", 1, 17, "an objects.list page must be a JSON object, not a string"),
      ("{\"items\": [{\"name\": \"\"}]}", 1, 21, PathIssue(.empty).message),
    ]
    for (text, line, column, message) in expected {
      #expect(throws: ListingError(line: line, column: column, message: message), "\(text)") {
        try parse(text)
      }
    }
  }
}
