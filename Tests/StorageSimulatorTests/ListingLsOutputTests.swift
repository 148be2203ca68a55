import RulesEvaluator
import StorageBucket
import StorageSimulator
import Testing

/// Reading `gsutil ls` / `gcloud storage ls` output: `-r` headers and blank lines, `-l` rows,
/// folder rows and `TOTAL:` lines, `-a` generations, `-e` etags, `-h` sizes.
@Suite("Listing files: gsutil and gcloud ls output")
struct ListingLsOutputTests {
  func parse(_ text: String, _ format: ListingFormat = .automatic) throws(ListingError) -> BucketListing {
    try BucketListing(parsing: Array(text.utf8), format: format)
  }

  func names(_ listing: BucketListing) -> [String] { listing.objects.map(\.name.string) }

  func field(_ listing: BucketListing, _ name: String, _ key: String) -> Value? {
    listing.object(named: ObjectName(name))?.metadata?[key]
  }

  func timestamp(_ text: String) throws -> Value {
    .timestamp(try #require(RFC3339.parse(text)))
  }

  /// `gsutil ls -r gs://my-app.appspot.com`: objects in name order, a header before each
  /// folder's entries, a blank line between groups; `public/` is a placeholder object.
  static let recursive = """
    gs://my-app.appspot.com/index.html

    gs://my-app.appspot.com/public/:
    gs://my-app.appspot.com/public/
    gs://my-app.appspot.com/public/about me.md
    gs://my-app.appspot.com/public/logo.svg

    gs://my-app.appspot.com/public/press-kit/:
    gs://my-app.appspot.com/public/press-kit/kit.zip

    gs://my-app.appspot.com/users/:

    gs://my-app.appspot.com/users/alice/:
    gs://my-app.appspot.com/users/alice/todo.txt

    """

  @Test func recursiveListingSkipsHeadersAndBlankLines() throws {
    let listing = try parse(Self.recursive)
    #expect(listing.bucket == "my-app.appspot.com")
    #expect(
      names(listing) == [
        "index.html", "public/", "public/about me.md", "public/logo.svg", "public/press-kit/kit.zip",
        "users/alice/todo.txt",
      ])
    #expect(listing.objects.allSatisfy { $0.metadata == nil })
    let page = try listing.list(folder: "public")
    #expect(page.prefixes == ["public/press-kit"])
    #expect(page.items == ["public/about me.md", "public/logo.svg"])
  }

  /// `gcloud storage ls -r gs://bkt`, CRLF line ends, bucket header without a slash; a line of
  /// white space counts as blank.
  @Test func gcloudRecursiveListingWithCRLF() throws {
    let text = "gs://bkt:\r\ngs://bkt/a.txt\r\n  \t\r\ngs://bkt/d/:\r\ngs://bkt/d/b.txt\r\n"
    let listing = try parse(text)
    #expect(listing.bucket == "bkt")
    #expect(names(listing) == ["a.txt", "d/b.txt"])
  }

  /// `gsutil ls -lr`: rows of size, creation time and URL; the TOTAL line is skipped.
  static let longRecursive = """
          1024  2024-05-01T10:00:00Z  gs://my-app.appspot.com/index.html

    gs://my-app.appspot.com/public/:
             0  2024-05-01T10:00:00Z  gs://my-app.appspot.com/public/
          2048  2024-05-02T11:30:00Z  gs://my-app.appspot.com/public/about me.md
    12345678901  2024-05-03T00:00:59Z  gs://my-app.appspot.com/public/video.mp4
    TOTAL: 4 objects, 12345681973 bytes (11.5 GiB)

    """

  @Test func longRowsGiveSizeAndCreationTime() throws {
    let listing = try parse(Self.longRecursive)
    #expect(names(listing) == ["index.html", "public/", "public/about me.md", "public/video.mp4"])
    #expect(field(listing, "public/about me.md", "size")?.rulesEquals(.int(2048)) == true)
    #expect(field(listing, "public/video.mp4", "size")?.rulesEquals(.int(12_345_678_901)) == true)
    #expect(
      field(listing, "public/about me.md", "timeCreated")?.rulesEquals(try timestamp("2024-05-02T11:30:00Z"))
        == true)
    #expect(field(listing, "public/", "size")?.rulesEquals(.int(0)) == true)
    #expect(field(listing, "index.html", "updated") == nil)
    #expect(field(listing, "index.html", "generation") == nil)
  }

  /// `gsutil ls -l gs://bkt` (not recursive): folders print as rows of spaces and a URL.
  @Test func folderRowsProveFoldersExist() throws {
    let text = """
            1024  2024-05-01T10:00:00Z  gs://bkt/index.html
                                     gs://bkt/public/
                                      gs://bkt/users/
      TOTAL: 1 objects, 1024 bytes (1 KiB)
      """
    let listing = try parse(text)
    #expect(names(listing) == ["index.html", "public/", "users/"])
    #expect(listing.object(named: ObjectName("public/"))?.metadata == nil)
    let root = try listing.list(folder: "")
    #expect(root.prefixes == ["public", "users"])
    #expect(root.items == ["index.html"])
    #expect(try listing.list(folder: "public") == ListPage())
  }

  @Test func aFolderRowNeverReplacesAnObject() throws {
    let text = """
               0  2024-05-01T10:00:00Z  gs://bkt/d/
                                     gs://bkt/d/
      """
    let listing = try parse(text)
    #expect(listing.count == 1)
    #expect(field(listing, "d/", "size")?.rulesEquals(.int(0)) == true)
  }

  /// `gsutil ls -la` / `gcloud storage ls -l -a -e`: `#generation`, metageneration and etag;
  /// versions print oldest first, so the last line of a name wins.
  @Test func versionsAndEtags() throws {
    let text = """
             5  2024-05-01T10:00:00Z  gs://bkt/a.txt#1714557600000000  metageneration=1
             7  2024-05-02T10:00:00Z  gs://bkt/a.txt#1714644000000000  metageneration=3  etag=CIDIxu/Z+4UDEAM=
             9  2024-05-02T10:00:00Z  gs://bkt/b.txt  etag=CJqt6aup7uoCEAQ=
      TOTAL: 3 objects, 21 bytes (21 B)
      """
    let listing = try parse(text)
    #expect(names(listing) == ["a.txt", "b.txt"])
    #expect(field(listing, "a.txt", "generation")?.rulesEquals(.int(1_714_644_000_000_000)) == true)
    #expect(field(listing, "a.txt", "metageneration")?.rulesEquals(.int(3)) == true)
    #expect(field(listing, "a.txt", "etag")?.rulesEquals(.string("CIDIxu/Z+4UDEAM=")) == true)
    #expect(field(listing, "a.txt", "size")?.rulesEquals(.int(7)) == true)
    #expect(field(listing, "b.txt", "etag")?.rulesEquals(.string("CJqt6aup7uoCEAQ=")) == true)
    let short = try parse("gs://bkt/a.txt#11\ngs://bkt/a.txt#12\ngs://bkt/c#d#3\n")
    #expect(names(short) == ["a.txt", "c#d"])
    #expect(field(short, "a.txt", "generation")?.rulesEquals(.int(12)) == true)
    #expect(field(short, "c#d", "generation")?.rulesEquals(.int(3)) == true)
    // gsutil reads `#digits` only after at least one character of name.
    #expect(names(try parse("gs://bkt/#5\n")) == ["#5"])
  }

  /// A long-listing row's size and time are kept compactly, but read and written as a map like
  /// any object's metadata.
  @Test func aRowsMetadataIsAMapLikeAnyOther() throws {
    let listing = try parse("  12  2024-05-01T10:00:00Z  gs://bkt/a\n")
    var object = try #require(listing.object(named: ObjectName("a")))
    #expect(Set(object.metadata?.keys.map { $0 } ?? []) == ["size", "timeCreated"])
    #expect(object.metadata?["size"]?.rulesEquals(.int(12)) == true)
    object.metadata?["contentType"] = .string("text/plain")
    #expect(Set(object.metadata?.keys.map { $0 } ?? []) == ["contentType", "size", "timeCreated"])
    #expect(object.metadata?["timeCreated"]?.rulesEquals(try timestamp("2024-05-01T10:00:00Z")) == true)
    object.metadata = nil
    #expect(object.metadata == nil)
  }

  /// `-h` (gsutil) and `--readable-sizes` (gcloud) round sizes, so they give none.
  @Test func readableSizesGiveNoSize() throws {
    let text = """
        2.17 MiB  2020-03-02T19:25:17Z  gs://bkt/big.bin
         1.21KiB  2020-03-02T19:30:27Z  gs://bkt/small.bin
              0B  2020-03-02T19:30:27Z  gs://bkt/empty
      TOTAL: 3 objects, 2276826 bytes (2.17MiB)
      """
    let listing = try parse(text)
    #expect(names(listing) == ["big.bin", "empty", "small.bin"])
    #expect(field(listing, "big.bin", "size") == nil)
    #expect(
      field(listing, "small.bin", "timeCreated")?.rulesEquals(try timestamp("2020-03-02T19:30:27Z")) == true)
  }

  @Test func aTotalThatDoesNotAddUpIsNotAnError() throws {
    let listing = try parse("  1  2024-05-01T10:00:00Z  gs://bkt/a\nTOTAL: 9 objects, 99 bytes (99 B)\n")
    #expect(listing.count == 1)
    #expect(try parse("TOTAL: 0 objects, 0 bytes (0B)\n").count == 0)
  }

  @Test func detectionLooksAtTheFirstNonEmptyLine() throws {
    // Names that only resemble a row stay names.
    #expect(names(try parse("2020 report.pdf\n  12  2024-05-01T10:00:00Z  gs://bkt/a\n")).count == 2)
    #expect(names(try parse("TOTAL: budget.xlsx\n")) == ["TOTAL: budget.xlsx"])
    #expect(names(try parse("   gs://bkt/not-a-folder\n")) == ["   gs://bkt/not-a-folder"])
    #expect(names(try parse("{uid}/avatar.png\n")) == ["{uid}/avatar.png"])
    // A long listing is recognised by its first row, even after blank lines.
    #expect(names(try parse("\n\n  1  2024-05-01T10:00:00Z  gs://bkt/a\n")) == ["a"])
    // With .text the detection still tells ls output from names.
    #expect(names(try parse("gs://bkt/d/:\ngs://bkt/d/a\n", .text)) == ["d/a"])
  }

  @Test func malformedLinesNameLineAndColumn() {
    let expected = [
      (
        "gs://bkt/a\nnotes.txt\n", 2, 1,
        "not a line of gsutil or gcloud ls output: expected a gs:// URL, a gs://bucket/folder/: header, "
          + "a long-listing row (size, date, URL), a TOTAL: line or a blank line"
      ),
      (
        "     1  2024-05-01T10:00:00Z  gs://bkt/a\n     2  2024-13-01T10:00:00Z  gs://bkt/b\n", 2, 9,
        "expected the creation time as YYYY-MM-DDTHH:MM:SSZ, e.g. 2020-03-02T19:25:17Z"
      ),
      (
        "     1  2024-05-01T10:00:00Z  gs://bkt/a\n     2  2024-05-01T10:00:00Z  bkt/b\n", 2, 31,
        "expected a gs:// URL after the creation time"
      ),
      (
        "gs://bkt/a\nTOTAL: 2 objects\n", 2, 1,
        "a TOTAL: line must read TOTAL: <count> objects, <count> bytes (<size>)"
      ),
      (
        "gs://bkt/a\n                     gs://bkt/b\n", 2, 22,
        "a long-listing folder row must be a gs:// URL ending with '/'"
      ),
      (
        "gs://bkt/a\n  1.5 XB  2024-05-01T10:00:00Z  gs://bkt/b\n", 2, 6,
        "expected a size unit such as B, KiB or MiB"
      ),
      (
        "gs://bkt/é\ngs://other/b\n", 2, 6,
        "names bucket 'other', but line 1 names 'bkt'; a listing holds one bucket"
      ),
      ("gs://bkt/a#99999999999999999999\n", 1, 11, "generation out of range"),
      ("gs://bkt/a\ngs://\n", 2, 6, "a gs:// line must name a bucket: gs://bucket/name"),
      (
        "gs://bkt/a\n\tCreation time:  Fri, 26 May 2017 22:55:44 GMT\n", 2, 1,
        "not a line of gsutil or gcloud ls output: expected a gs:// URL, a gs://bucket/folder/: header, "
          + "a long-listing row (size, date, URL), a TOTAL: line or a blank line"
      ),
    ]
    for (text, line, column, message) in expected {
      #expect(throws: ListingError(line: line, column: column, message: message), "\(text)") {
        try parse(text)
      }
    }
  }

  @Test func namesInsideURLsKeepTheLimits() {
    let long = String(repeating: "x", count: 1025)
    #expect(
      throws: ListingError(line: 2, column: 37, message: PathIssue(.tooLong(byteCount: 1025)).message)
    ) {
      try parse("gs://bkt/a\n  1  2024-05-01T10:00:00Z  gs://bkt/\(long)\n")
    }
    #expect(throws: ListingError(line: 1, column: 11, message: PathIssue(.lineBreak).message)) {
      try parse("gs://bkt/a\rb\n")
    }
  }

  @Test func aLargeRecursiveListingLoads() throws {
    var text = "gs://bkt/:\n"
    for folder in 0..<100 {
      text += "\ngs://bkt/f\(99 - folder)/:\n"
      for file in 0..<100 { text += "gs://bkt/f\(99 - folder)/\(file).txt\n" }
    }
    let listing = try parse(text)
    #expect(listing.count == 10_000)
    #expect(try listing.list(folder: "").prefixes.count == 100)
  }
}
