import RulesEvaluator
import Testing

@Suite("RFC 3339 timestamps")
struct RFC3339Tests {
  @Test(
    "parse and format",
    arguments: [
      ("1970-01-01T00:00:00Z", 0, 0, "1970-01-01T00:00:00Z"),
      ("2026-01-02T03:04:05.678Z", 1_767_323_045, 678_000_000, "2026-01-02T03:04:05.678Z"),
      ("2026-01-02T03:04:05.000001z", 1_767_323_045, 1_000, "2026-01-02T03:04:05.000001Z"),
      ("2026-01-02t04:04:05+01:00", 1_767_323_045, 0, "2026-01-02T03:04:05Z"),
      ("1969-12-31T23:59:59.5-00:00", -1, 500_000_000, "1969-12-31T23:59:59.500Z"),
      ("2024-02-29T12:00:00.123456789123Z", 1_709_208_000, 123_456_789, "2024-02-29T12:00:00.123456789Z"),
      ("0001-01-01T00:00:00Z", -62_135_596_800, 0, "0001-01-01T00:00:00Z"),
    ])
  func roundTrip(text: String, seconds: Int64, nanos: Int32, formatted: String) throws {
    let time = try #require(RFC3339.parse(text))
    #expect(time.seconds == seconds)
    #expect(time.nanos == nanos)
    #expect(RFC3339.format(time) == formatted)
  }

  @Test(
    "malformed or out of range",
    arguments: [
      "", "2026-01-02", "2026-01-02T03:04:05", "2026-13-01T00:00:00Z", "2023-02-29T00:00:00Z",
      "2026-01-02T24:00:00Z", "2026-01-02T03:04:05.Z", "2026-01-02T03:04:05+1:00", "yesterday",
      "2026-01-02T03:04:05Zjunk", "0000-01-01T00:00:00Z",
    ])
  func malformed(text: String) {
    #expect(RFC3339.parse(text) == nil)
  }
}

@Suite("strict JSON input")
struct JSONInputTests {
  @Test func integersStayIntegers() throws {
    let value = try JSONInputParser.parse(
      #"{"a": 1, "b": 1.0, "c": -2e3, "d": [true, null, "x\u00e9\ud83d\ude00"]}"#)
    #expect(value["a"] == .integer(1))
    #expect(value["b"] == .number(1.0))
    #expect(value["c"] == .number(-2000))
    #expect(value["d"] == .array([.bool(true), .null, .string("xé😀")]))
  }

  @Test(
    "errors name the line and column",
    arguments: [
      ("{\"a\": 1,}", 1, 9), ("[1 2]", 1, 4), ("{\n  \"a\": tru\n}", 2, 8), ("\"abc", 1, 5),
      ("{\"a\": 1, \"a\": 2}", 1, 15), ("01", 1, 1), ("[1] x", 1, 5), ("{'a': 1}", 1, 2),
      ("\"\\ud800\"", 1, 8),
    ])
  func errors(text: String, line: Int, column: Int) {
    #expect(throws: JSONInputError.self) { try JSONInputParser.parse(text) }
    do {
      _ = try JSONInputParser.parse(text)
    } catch {
      #expect(error.line == line, "\(text): \(error)")
      #expect(error.column == column, "\(text): \(error)")
    }
  }

  @Test func memberNamesAreKeptApartByCodeUnits() throws {
    let escaped = try JSONInputParser.parse(#"{"\u00e9": 1, "e\u0301": 2}"#)
    let literal = try JSONInputParser.parse("{\"\u{E9}\": 1, \"e\u{301}\": 2}")
    #expect(escaped == literal)
    #expect(escaped["e\u{301}"] == .integer(2))
    #expect(escaped["\u{E9}"] == .integer(1))
    #expect(JSONInput.string("\u{E9}") != .string("e\u{301}"))
    guard case .map(let map) = Value(json: escaped) else {
      Issue.record("not a map")
      return
    }
    #expect(map.count == 2)
    #expect(map[MapKey("e\u{301}")]?.rulesEquals(.int(2)) == true)
    // The same spelling twice is still a duplicate.
    #expect(throws: JSONInputError.self) { try JSONInputParser.parse("{\"\\u00e9\": 1, \"\u{E9}\": 2}") }
  }

  @Test func deepNestingIsAnErrorNotACrash() {
    let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let error = #expect(throws: JSONInputError.self) { try JSONInputParser.parse(text) }
    #expect(error?.description == "1:513: JSON nested deeper than 512 levels (the limit on JSON nesting)")
    let limit = String(repeating: "{\"a\":", count: 511) + "[]" + String(repeating: "}", count: 511)
    #expect(throws: Never.self) { try JSONInputParser.parse(limit) }
  }

  @Test func twentyThousandMembersAreReadAndADuplicateIsFoundWhereItIs() throws {
    let members = (0..<20_000).map { "\"key\($0)\": \($0)" }
    let value = try JSONInputParser.parse("{" + members.joined(separator: ",\n") + "}")
    guard case .object(let read) = value else {
      Issue.record("not an object")
      return
    }
    #expect(read.count == 20_000)
    #expect(read.last?.key == "key19999")
    // The last member repeats the first name: found on line 20,001, where its value starts.
    let duplicated = "{" + (members + ["\"key0\": 0"]).joined(separator: ",\n") + "}"
    let error = #expect(throws: JSONInputError.self) { try JSONInputParser.parse(duplicated) }
    #expect(error?.description == "20001:9: duplicate member \"key0\"")
  }
}

@Suite("request input")
struct RequestInputTests {
  @Test(
    "malformed requests are refused with the key named",
    arguments: [
      (#"{"method": "fetch", "path": "a"}"#, "unknown method \"fetch\""),
      (#"{"method": "get"}"#, "\"path\" must be a string"),
      (#"{"method": "get", "path": "a", "extra": 1}"#, "unknown key \"extra\""),
      (#"{"method": "get", "path": "a", "auth": {"uid": 5}}"#, "\"auth.uid\" must be a string"),
      (
        #"{"method": "get", "path": "a", "resource": {"size": "big"}}"#,
        "\"resource.size\" must be an integer"
      ),
      (
        #"{"method": "get", "path": "a", "resource": {"contenType": "x"}}"#,
        "unknown metadata field \"resource.contenType\""
      ),
      (
        #"{"method": "get", "path": "a", "resource": {"metadata": {"k": 1}}}"#,
        "\"resource.metadata.k\" must be a string"
      ),
      (#"{"method": "get", "path": "a", "time": "now"}"#, "\"time\" is not an RFC 3339 timestamp"),
      (#"[1]"#, "a request must be a JSON object"),
    ])
  func refused(json: String, message: String) throws {
    let parsed = try JSONInputParser.parse(json)
    #expect(throws: RequestInputError.self) { try RequestInput(json: parsed) }
    do {
      _ = try RequestInput(json: parsed)
    } catch {
      #expect(error.message.contains(message), "\(error.message)")
    }
  }

  @Test func tokenClaimsMetadataAndDocumentsKeepBothSpellings() throws {
    let input = try RequestInput(
      json: try JSONInputParser.parse(
        #"{"method": "get", "path": "a", "auth": {"uid": "u", "token": {"\u00e9": 1, "e\u0301": 2}},"#
          + #" "resource": {"metadata": {"\u00e9": "x", "e\u0301": "y"}}}"#))
    let request = input.request(now: Timestamp(seconds: 10, nanos: 0))
    #expect(request.auth?.token.count == 2)
    #expect(request.auth?.token[MapKey("e\u{301}")]?.rulesEquals(.int(2)) == true)
    guard case .map(let custom)? = request.resource?["metadata"] else {
      Issue.record("no custom metadata")
      return
    }
    #expect(custom.count == 2)
    #expect(custom[MapKey("\u{E9}")]?.rulesEquals(.string("x")) == true)
    let documents = try FirestoreDocuments(
      json: try JSONInputParser.parse(#"{"users/\u00e9": {"v": 1}, "users/e\u0301": {"v": 2}}"#))
    #expect(documents.documents.count == 2)
    #expect(
      documents.documents[MapKey("/databases/(default)/documents/users/e\u{301}")]?["v"]?.rulesEquals(.int(2))
        == true)
  }

  @Test func defaultsFollowProduction() throws {
    let input = try RequestInput(
      json: try JSONInputParser.parse(
        #"{"method": "create", "path": "//a//b.png/", "requestResource": {"size": 5}}"#))
    let request = input.request(now: Timestamp(seconds: 10, nanos: 0))
    #expect(request.path == "a/b.png")
    #expect(request.bucket == "test-bucket")
    let metadata = try #require(request.requestResource)
    #expect(Set(metadata.keys) == Set(ObjectMetadata.uploadKeys))
    #expect(metadata.count == 15)
    #expect(metadata["contentDisposition"]?.rulesEquals(.string("inline; filename*=utf-8''b.png")) == true)
    #expect(metadata["size"]?.rulesEquals(.int(5)) == true)
    #expect(request.resource == nil)
  }
}
