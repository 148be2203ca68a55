import RulesEvaluator
import StorageBucket
import StorageSimulator
import Testing

/// Reading bucket listings: text, `gs://` lines, JSON names and JSON metadata.
@Suite("Listing files")
struct ListingParsingTests {
  func parse(_ text: String, _ format: ListingFormat = .automatic) throws(ListingError) -> BucketListing {
    try BucketListing(parsing: Array(text.utf8), format: format)
  }

  func names(_ listing: BucketListing) -> [String] { listing.objects.map(\.name.string) }

  @Test func textLinesAreNamesExactly() throws {
    let listing = try parse("b/2\r\n\n a/1 \nlonelyItem/\nb/2\nwrong//x\n")
    #expect(names(listing) == [" a/1 ", "b/2", "lonelyItem/", "wrong//x"])
    #expect(listing.bucket == nil)
  }

  /// A text listing's names share one buffer: each still equals, hashes and orders as the same
  /// name made on its own, and gives its own bytes only.
  @Test func sharedNamesBehaveAsNamesOfTheirOwn() throws {
    let listing = try parse("c/é\nb\na/x\nb/y\ne\u{301}\n")
    let own = ["a/x", "b", "b/y", "c/é", "e\u{301}"].map { ObjectName($0) }
    let shared = listing.objects.map(\.name)
    #expect(shared == own)
    #expect(shared.map(\.bytes) == own.map(\.bytes))
    #expect(shared.map(\.count) == own.map(\.count))
    #expect(Set(shared) == Set(own))
    #expect(shared.map(\.hashValue) == own.map(\.hashValue))
    #expect(shared.sorted() == own)
    #expect(shared[1] < shared[2] && !(shared[2] < shared[1]) && shared[1].hasPrefix(Array("b".utf8)))
    #expect(!shared[1].hasPrefix(Array("b/".utf8)) && shared[2].hasPrefix(Array("b/".utf8)))
    for name in own { #expect(listing.object(named: name)?.name == name) }
    #expect(listing.object(named: ObjectName("b/")) == nil)
  }

  /// What a million objects cost: a name is a buffer reference and a 32-bit range; an object
  /// adds a word for a metadata map, one for a long-listing row and one for its contents.
  @Test func objectsStayFiveWords() {
    #expect(MemoryLayout<ObjectName>.size == 2 * MemoryLayout<Int>.size)
    #expect(MemoryLayout<BucketListing.Object>.stride == 5 * MemoryLayout<Int>.size)
  }
  @Test func gsLinesNameTheBucket() throws {
    let text = """
      gs://bkt/:
      gs://bkt/top.txt

      gs://bkt/images/:
      gs://bkt/images/
      gs://bkt/images/a.png
      gs://bkt/
      """
    let listing = try parse(text)
    #expect(listing.bucket == "bkt")
    #expect(names(listing) == ["images/", "images/a.png", "top.txt"])
  }

  @Test func gsLinesMustAgreeOnTheBucket() {
    #expect(
      throws: ListingError(
        line: 3, column: 6, message: "names bucket 'b2', but line 1 names 'b1'; a listing holds one bucket")
    ) {
      try parse("gs://b1/a\n\ngs://b2/c\n")
    }
    #expect(
      throws: ListingError(
        line: 3, column: 6, message: "names bucket 'b2', but line 2 names 'b1'; a listing holds one bucket")
    ) {
      try parse("plain\ngs://b1/a\ngs://b2/c\n")
    }
    #expect(
      throws: ListingError(line: 2, column: 6, message: "a gs:// line must name a bucket: gs://bucket/name")
    ) {
      try parse("a\ngs:///x\n")
    }
  }

  @Test func plainTextMayMixNamesAndURLs() throws {
    let listing = try parse("notes.txt\ngs://bkt/a/b.txt\ngs://bkt/a/:\ngs://bkt/c#12\n")
    #expect(names(listing) == ["a/b.txt", "c", "notes.txt"])
    #expect(listing.bucket == "bkt")
    #expect(listing.object(named: ObjectName("c"))?.metadata?["generation"]?.rulesEquals(.int(12)) == true)
  }

  @Test func namesOutsideTheLimitsAreErrors() {
    let long = String(repeating: "x", count: 1025)
    #expect(throws: ListingError(line: 2, column: 1, message: PathIssue(.tooLong(byteCount: 1025)).message)) {
      try parse("ok\n\(long)\n")
    }
    #expect(throws: ListingError(line: 1, column: 2, message: PathIssue(.lineBreak).message)) {
      try parse("é\rb\n")
    }
  }

  @Test func invalidUTF8NamesTheLine() {
    let bytes: [UInt8] = Array("ok\nab".utf8) + [0xFF] + Array("\n".utf8)
    #expect(throws: ListingError(line: 2, column: 3, message: "not valid UTF-8: invalid byte 0xFF")) {
      try BucketListing(parsing: bytes)
    }
  }

  @Test func jsonNames() throws {
    let listing = try parse("[\"b\", \"a/x\", \"a/x\"]")
    #expect(names(listing) == ["a/x", "b"])
  }

  @Test func jsonMetadataObjects() throws {
    let text = """
      [
        {"name": "d/x", "bucket": "bkt", "size": 50, "contentType": "image/png",
         "metadata": {"owner": "alice"}, "timeCreated": "2026-01-01T00:00:00Z"},
        "d/y"
      ]
      """
    let listing = try parse(text)
    #expect(listing.bucket == "bkt")
    let stored = try #require(listing.object(named: ObjectName("d/x"))?.metadata)
    #expect(stored["size"]?.rulesEquals(.int(50)) == true)
    #expect(stored["contentType"]?.rulesEquals(.string("image/png")) == true)
    #expect(stored["metadata"]?.rulesEquals(.map(["owner": .string("alice")])) == true)
    #expect(stored["name"] == nil)
    #expect(listing.object(named: ObjectName("d/y"))?.metadata == nil)
  }

  /// A JSON object's metadata is kept as written and made a map when read: the same map each
  /// time, replaced as a whole when set, and an object with only a name and a bucket has an
  /// empty map.
  @Test func jsonMetadataIsReadAgainFromTheListing() throws {
    let listing = try parse(
      "[{\"name\": \"a\", \"size\": \"12\", \"metadata\": {\"k\": \"v\"}}, {\"name\": \"b\", \"bucket\": \"bkt\"}]"
    )
    var object = try #require(listing.object(named: ObjectName("a")))
    let first = try #require(object.metadata)
    #expect(first["size"]?.rulesEquals(.int(12)) == true)
    #expect(first["metadata"]?.rulesEquals(.map(["k": .string("v")])) == true)
    #expect(Set(first.keys) == ["size", "metadata"])
    #expect(object.metadata?.keys.sorted() == first.keys.sorted())
    object.metadata?["contentType"] = .string("text/plain")
    #expect(Set(object.metadata?.keys.map { $0 } ?? []) == ["size", "metadata", "contentType"])
    #expect(listing.object(named: ObjectName("b"))?.metadata?.isEmpty == true)
  }

  /// A JSON name written without escapes shares the listing's bytes; one with escapes is
  /// decoded: both are the same names as written out.
  @Test func jsonNamesWithAndWithoutEscapes() throws {
    let text =
      #"["d/plain", "d\/slash", "caf\u00e9", {"name": "obj/é", "size": 1}, {"size": 2, "name": "o\"q"}]"#
    let listing = try parse(text)
    #expect(names(listing) == ["caf\u{e9}", "d/plain", "d/slash", "o\"q", "obj/é"])
    #expect(listing.object(named: ObjectName("o\"q"))?.metadata?["size"]?.rulesEquals(.int(2)) == true)
    #expect(listing.object(named: ObjectName("obj/é"))?.metadata?["size"]?.rulesEquals(.int(1)) == true)
    let pages = try parse(#"{"items": [{"name": "p/1"}, {"name": "p\/2", "size": "3"}], "prefixes": ["q/"]}"#)
    #expect(names(pages) == ["p/1", "p/2", "q/"])
  }

  @Test func jsonErrorsNameLineAndColumn() {
    #expect(throws: ListingError(line: 3, column: 3, message: "\"object.size\" must be an integer")) {
      try parse("[\n  \"a\",\n  {\"name\": \"b\", \"size\": \"big\"}\n]")
    }
    #expect(throws: ListingError.self) { try parse("[\"a\",\n  {\"name\": \"b\", \"colour\": \"red\"}]") }
    #expect(
      throws: ListingError(
        line: 1, column: 7,
        message:
          "an element must be an object name (a string) or a metadata object with a \"name\", not a number")
    ) {
      try parse("[\"a\", 42]")
    }
    #expect(throws: ListingError(line: 2, column: 3, message: "a metadata object needs a \"name\" string")) {
      try parse("[\n  {\"size\": 1}]")
    }
    #expect(throws: ListingError(line: 1, column: 2, message: PathIssue(.empty).message)) {
      try parse("[\"\"]")
    }
  }

  @Test func malformedJSONNamesLineAndColumn() throws {
    do {
      _ = try parse("[\n  \"a\",\n  \"b\" \"c\"\n]")
      Issue.record("expected an error")
    } catch {
      #expect(error.line == 3)
      #expect(error.column == 7)
      #expect(error.message.hasPrefix("malformed JSON"))
    }
    #expect(throws: ListingError.self) { try parse("{\"name\": \"a\"}", .json) }
  }

  /// A JSON array is read element by element, but its errors are those of reading it whole:
  /// malformed JSON anywhere comes before a bad element, and of bad elements the first.
  @Test func malformedJSONWinsOverABadElementBeforeIt() throws {
    #expect(throws: ListingError(line: 3, column: 7, message: "malformed JSON: expected ',' or ']'")) {
      try parse("[\n  {\"size\": 1},\n  \"b\" \"c\"\n]")
    }
    #expect(throws: ListingError(line: 2, column: 3, message: "a metadata object needs a \"name\" string")) {
      try parse("[\"a\",\n  {\"size\": 1},\n  7\n]")
    }
    #expect(
      throws: ListingError(
        line: 1, column: 7, message: "malformed JSON: unexpected text after the JSON value")
    ) {
      try parse("[\"a\"] x")
    }
  }

  @Test func jsonBucketsMustAgree() {
    #expect(
      throws: ListingError(
        line: 3, column: 3, message: "names bucket 'b2', but line 2 names 'b1'; a listing holds one bucket")
    ) {
      try parse("[\n  {\"name\": \"a\", \"bucket\": \"b1\"},\n  {\"name\": \"c\", \"bucket\": \"b2\"}\n]")
    }
  }

  @Test func formatIsChosenOrRecognised() throws {
    #expect(names(try parse("[draft] notes.txt\n", .text)) == ["[draft] notes.txt"])
    #expect(names(try parse("  \n [\"a\"]")) == ["a"])
    #expect(throws: ListingError.self) { try parse("[draft] notes.txt\n") }
  }

  /// Sorting in place (a permutation by cycles, then the earlier of equal names left out)
  /// gives what a stable sort keeping the last of each name gives, on shuffled names with
  /// many repeats.
  @Test func sortingInPlaceMatchesAStableSort() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    for count in [2, 3, 17, 500, 4_000] {
      let given = (0..<count).map { index in
        BucketListing.Object(
          name: ObjectName("d\(next(7))/o\(next(count / 2 + 1))"), metadata: ["size": .int(Int64(index))])
      }
      var expected: [String: Int64] = [:]
      for (index, object) in given.enumerated() { expected[object.name.string] = Int64(index) }
      let listing = BucketListing(unsorted: given)
      let sortedNames = expected.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
      #expect(listing.objects.map(\.name.string) == sortedNames)
      #expect(
        listing.objects.allSatisfy {
          $0.metadata?["size"]?.rulesEquals(.int(expected[$0.name.string] ?? -1)) == true
        })
    }
  }

  @Test func laterDuplicatesWin() {
    let listing = BucketListing(unsorted: [
      .init(name: ObjectName("b"), metadata: ["size": .int(1)]), .init(name: ObjectName("a")),
      .init(name: ObjectName("b"), metadata: ["size": .int(2)]),
    ])
    #expect(listing.count == 2)
    #expect(listing.object(named: ObjectName("b"))?.metadata?["size"]?.rulesEquals(.int(2)) == true)
  }
}
