import Testing

@testable import RulesEvaluator

/// ``RequestLineReader``, the batch's fast path, against the slow path it stands in for
/// (``JSONInputParser`` then ``RequestInput/init(json:users:defaults:)``): every line it takes
/// gives the same request, and it takes no line the slow path refuses.
@Suite("Request line reader")
struct RequestLineReaderTests {
  static let defaults = RequestBatch.Defaults(
    bucket: "default-bucket", auth: AuthContext(uid: "default-user"))

  /// Lines the fast path takes.
  static let taken = [
    #"{"method":"get","path":"users/user0/f0.png","auth":{"uid":"user0"},"resource":{"size":10}}"#,
    #"{"method":"list","path":"users/user1","auth":{"uid":"user1"}}"#,
    #"{"method":"create","path":"u/f.png","auth":{"uid":"u"},"requestResource":{"size":2048,"contentType":"image/png"}}"#,
    #" { "method" : "list" , "auth" : null } "#,
    "{\"method\":\r\"delete\",\t\"path\":\"a\"}",
    #"{"path":"a/b","method":"get","bucket":"bk","time":"2026-01-02T03:04:05.678Z"}"#,
    #"{"method":"get","path":"a","bucket":null,"time":null,"resource":null,"requestResource":null}"#,
    #"{"method":"update","path":"a","requestResource":null,"resource":{}}"#,
    #"{"method":"get","path":"é/ü","auth":{"token":null,"uid":"e\#u{301}"}}"#,
    #"{"method":"get","path":"a","resource":{"size":"12","generation":-0,"timeCreated":"2026-01-02T03:04:05Z"}}"#,
    #"{"method":"get","path":"a","resource":{"size":-123456789012345678,"md5Hash":null,"updated":null}}"#,
    #"{"method":"create","path":"a","requestResource":{}}"#,
  ]

  /// Lines the fast path leaves to the slow path: valid ones it does not read, and refused ones.
  static let declined = [
    #"{"method":"get","path":"a\/b"}"#,
    #"{"method":"get","path":"a","auth":{"uid":"u","token":{"admin":true}}}"#,
    #"{"method":"get","path":"a","resource":{"metadata":{"k":"v"}}}"#,
    #"{"method":"update","path":"a","resource":{},"requestResource":{"contentType":"x"}}"#,
    #"{"method":"get","path":"a","resource":{"size":1234567890123456789}}"#,
    #"{"method":"get","path":"a","resource":{"size":1.0}}"#,
    #"{"method":"get","path":"a","resource":{"size":1e2}}"#,
    #"{"method":"get","path":"a","resource":{"size":01}}"#,
    #"{"method":"get","path":"a","resource":{"size":1,"size":2}}"#,
    #"{"method":"get","path":"a","method":"get"}"#,
    #"{"method":"get","path":"a","extra":1}"#,
    #"{"method":"fetch","path":"a"}"#,
    #"{"method":"get"}"#,
    #"{"method":"get","path":"a","auth":{}}"#,
    #"{"method":"get","path":"a","auth":{"uid":"u","uid":"v"}}"#,
    #"{"method":"get","path":"a","time":"now"}"#,
    #"{"method":"get","path":"a","bucket":1}"#,
    #"{"method":"get","path":"a"} x"#,
    #"{"method":"get","path":"a",}"#,
    #"{"method":"get","path":"a""#,
    #"{}"#,
    #"[1]"#,
    "",
  ]

  /// The request of `line` by the slow path, or nil when it refuses the line.
  static func slow(_ line: [UInt8], users: inout [MapKey: AuthContext]) -> RequestInput? {
    guard let json = try? JSONInputParser.parse(bytes: line[...]) else { return nil }
    return try? RequestInput(json: json, users: &users, defaults: defaults)
  }

  static func fast(_ line: [UInt8], users: inout [MapKey: AuthContext]) -> RequestInput? {
    line.withUnsafeBufferPointer { RequestLineReader.read($0, users: &users, defaults: defaults) }
  }

  /// Everything of `input`, strings by their code units and values with their types.
  static func shape(_ input: RequestInput?) -> String {
    guard let input else { return "nil" }
    let auth = input.auth.map { "\(Array($0.uid.utf8)) \($0.token.count)" } ?? "nil"
    return [
      input.method.rawValue, "\(Array(input.path.utf8))", input.bucket.map { "\(Array($0.utf8))" } ?? "nil",
      auth, shape(input.resource), shape(input.requestResource),
      input.time.map { "\($0.seconds).\($0.nanos)" } ?? "nil",
    ].joined(separator: " | ")
  }

  static func shape(_ fields: [String: Value]?) -> String {
    guard let fields else { return "nil" }
    return fields.map { "\(Array($0.key.utf8))=\(shape($0.value))" }.sorted().joined(separator: ",")
  }

  static func shape(_ value: Value) -> String {
    switch value {
    case .null: "null"
    case .int(let number): "int \(number)"
    case .string(let text): "string \(Array(text.utf8))"
    case .timestamp(let time): "timestamp \(time.seconds).\(time.nanos)"
    default: "other \(value)"
    }
  }

  @Test(arguments: taken)
  func takenLinesGiveTheSlowPathsRequest(line: String) throws {
    var slowUsers: [MapKey: AuthContext] = [:]
    var fastUsers: [MapKey: AuthContext] = [:]
    let expected = try #require(Self.slow(Array(line.utf8), users: &slowUsers))
    let read = try #require(Self.fast(Array(line.utf8), users: &fastUsers))
    #expect(Self.shape(read) == Self.shape(expected))
    #expect(Set(fastUsers.keys) == Set(slowUsers.keys))
  }

  @Test(arguments: declined)
  func otherLinesAreLeftToTheSlowPath(line: String) {
    var users: [MapKey: AuthContext] = [:]
    #expect(Self.fast(Array(line.utf8), users: &users) == nil)
    #expect(users.isEmpty)
  }

  /// Every prefix of the taken lines, and each of them with one byte replaced by a byte that
  /// matters to JSON: the fast path gives the slow path's request or nil, and nil whenever the
  /// slow path refuses the line.
  @Test func everyNearbyLineAgreesWithTheSlowPath() {
    let replacements = Array(#"{}[]":,\ 0-.en"#.utf8) + [0x09, 0x0A, 0x01]
    var variants: [[UInt8]] = []
    for line in Self.taken.map({ Array($0.utf8) }) {
      for end in 0..<line.count { variants.append(Array(line[..<end])) }
      for position in line.indices {
        for byte in replacements where byte != line[position] {
          var changed = line
          changed[position] = byte
          variants.append(changed)
        }
      }
    }
    var takenCount = 0
    var acceptedCount = 0
    for variant in variants {
      var slowUsers: [MapKey: AuthContext] = [:]
      var fastUsers: [MapKey: AuthContext] = [:]
      let expected = Self.slow(variant, users: &slowUsers)
      if expected != nil { acceptedCount += 1 }
      guard let read = Self.fast(variant, users: &fastUsers) else { continue }
      takenCount += 1
      let text = String(decoding: variant, as: UTF8.self)
      #expect(expected != nil, "the fast path took a line the slow path refuses: \(text)")
      #expect(Self.shape(read) == Self.shape(expected), "\(text)")
      #expect(Set(fastUsers.keys) == Set(slowUsers.keys), "\(text)")
    }
    // Most variants the slow path accepts are taken (the others have an escape or a number
    // with a fraction or exponent): the comparison above is not vacuous.
    #expect(takenCount * 4 > acceptedCount * 3, "\(takenCount) of \(acceptedCount)")
  }

  /// The metadata fields told apart by their bytes are those of ``RequestInput/metadataKinds``,
  /// with the same kinds, but for custom `metadata`.
  @Test func metadataKindsAreTheSlowPaths() {
    let names = ObjectMetadata.storedKeys + ["metadatas", "sizes", "Size", "contentTypo", "", "timecreated"]
    for name in names {
      let kind = Array(name.utf8).withUnsafeBufferPointer { RequestLineReader.metadataKind($0) }
      #expect(kind == (name == "metadata" ? nil : RequestInput.metadataKinds[name]), "\(name)")
    }
  }

  /// The batch's newline search, eight bytes at a time, finds the first newline as a scan
  /// does: at every position of texts of 0 to 24 bytes, among bytes next to a newline's.
  @Test func newlinesAreFoundAsAScanFindsThem() {
    var disagreements: [String] = []
    for count in 0...24 {
      for filler in [UInt8(0x00), 0x09, 0x0B, 0x1A, 0x8A, 0xFF, UInt8(ascii: "a")] {
        for first in 0...count {
          for second in first...count {
            var text = Array(repeating: filler, count: count)
            if first < count { text[first] = 0x0A }
            if second < count { text[second] = 0x0A }
            for start in 0...count {
              let found = text.withUnsafeBufferPointer { RequestBatch.newline(in: $0, from: start) }
              let scanned = text[start...].firstIndex(of: 0x0A) ?? count
              if found != scanned { disagreements.append("\(text) from \(start)") }
            }
          }
        }
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
  }

  /// Lines of one user share it whichever path reads them, and a line without `auth` has the
  /// default user.
  @Test func usersAreSharedAcrossBothPaths() throws {
    let text = [
      #"{"method":"get","path":"a","auth":{"uid":"u"}}"#,
      #"{"method":"get","path":"a\/b","auth":{"uid":"u"}}"#,
      #"{"method":"get","path":"c","auth":{"uid":"u"}}"#,
      #"{"method":"get","path":"d"}"#,
    ].joined(separator: "\n")
    let inputs = try RequestBatch.parse(text, defaults: Self.defaults)
    #expect(inputs.map(\.path) == ["a", "a/b", "c", "d"])
    #expect(inputs.map { $0.auth?.uid } == ["u", "u", "u", "default-user"])
    #expect(inputs.map(\.bucket) == Array(repeating: "default-bucket", count: 4))
  }
}
