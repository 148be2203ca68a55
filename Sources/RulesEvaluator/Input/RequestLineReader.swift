import RulesSemantics

/// Reads the usual batch line straight from its bytes into a ``RequestInput``, without
/// building the ``JSONInput`` tree first: the fast path of ``RequestBatch``.
///
/// Contract: ``read(_:users:defaults:)`` gives nil for every line it does not take, and for a
/// line it takes exactly the request that ``JSONInputParser`` and
/// ``RequestInput/init(json:users:defaults:)`` give, with `users` changed as they change it.
/// It takes only lines whose strings have no escape or control character, whose numbers are
/// integers of at most 18 digits, with no duplicate or unknown member, no token claims, no
/// custom `metadata`, no update patch, and every field of the right type; any other line, and
/// every malformed one, is left to that slow path, which reports its errors.
struct RequestLineReader {
  /// The line's bytes, read without bounds checks: every read follows a test against
  /// `bytes.endIndex`. Valid only during ``read(_:users:defaults:)``.
  private let bytes: UnsafeBufferPointer<UInt8>
  private var position = 0

  private init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// The request of `line` (one JSON object, white space around it allowed), or nil when the
  /// line is not one this reader takes.
  static func read(
    _ line: UnsafeBufferPointer<UInt8>, users: inout [MapKey: AuthContext], defaults: RequestBatch.Defaults
  ) -> RequestInput? {
    var reader = RequestLineReader(line)
    return reader.request(users: &users, defaults: defaults)
  }

  /// What the line gives `auth`: absent (the default user), `null`, or a user without claims.
  private enum Auth {
    case absent, signedOut, user(String)
  }

  private mutating func request(
    users: inout [MapKey: AuthContext], defaults: RequestBatch.Defaults
  ) -> RequestInput? {
    var method: RequestMethod?
    var path: String?
    var bucket = defaults.bucket
    var auth = Auth.absent
    var resource: [String: Value]?
    var requestResource: [String: Value]?
    var time: Timestamp?
    var seen: UInt8 = 0
    skipSpace()
    guard take(UInt8(ascii: "{")) else { return nil }
    skipSpace()
    if !take(UInt8(ascii: "}")) {
      while true {
        skipSpace()
        guard let field = field(), seen & (1 << field) == 0 else { return nil }
        seen |= 1 << field
        skipSpace()
        guard take(UInt8(ascii: ":")) else { return nil }
        skipSpace()
        switch field {
        case 0:
          guard let name = string(), let known = Self.method(name) else { return nil }
          method = known
        case 1:
          guard let text = string() else { return nil }
          path = String(decoding: text, as: UTF8.self)
        case 2:
          if !take(word: "null") {
            guard let text = string() else { return nil }
            bucket = String(decoding: text, as: UTF8.self)
          }
        case 3:
          guard let given = self.auth() else { return nil }
          auth = given
        case 4:
          guard let given = metadata() else { return nil }
          resource = given
        case 5:
          guard let given = metadata() else { return nil }
          requestResource = given
        default:
          if !take(word: "null") {
            guard let text = string(), let parsed = RFC3339.parse(String(decoding: text, as: UTF8.self))
            else {
              return nil
            }
            time = parsed
          }
        }
        skipSpace()
        if take(UInt8(ascii: ",")) { continue }
        guard take(UInt8(ascii: "}")) else { return nil }
        break
      }
    }
    skipSpace()
    guard position == bytes.endIndex, let method else { return nil }
    // An update's `requestResource` is a patch, read by the slow path.
    if method == .update, requestResource != nil { return nil }
    if path == nil {
      guard method == .list else { return nil }
      path = ""
    }
    let user: AuthContext?
    switch auth {
    case .absent: user = defaults.auth
    case .signedOut: user = nil
    case .user(let uid): user = RequestInput.user(uid, users: &users)
    }
    return RequestInput(
      method: method, path: path ?? "", bucket: bucket, auth: user, resource: resource,
      requestResource: requestResource, time: time)
  }

  /// `null`, or `{"uid": "…"}` with `"token": null` allowed; nil for anything else.
  private mutating func auth() -> Auth? {
    if take(word: "null") { return .signedOut }
    guard take(UInt8(ascii: "{")) else { return nil }
    var uid: String?
    var token = false
    repeat {
      skipSpace()
      guard let name = string() else { return nil }
      skipSpace()
      guard take(UInt8(ascii: ":")) else { return nil }
      skipSpace()
      if uid == nil, Self.equal(name, "uid") {
        guard let text = string() else { return nil }
        uid = String(decoding: text, as: UTF8.self)
      } else if !token, Self.equal(name, "token"), take(word: "null") {
        token = true
      } else {
        return nil
      }
      skipSpace()
    } while take(UInt8(ascii: ","))
    guard take(UInt8(ascii: "}")), let uid else { return nil }
    return .user(uid)
  }

  /// `null` (as `.some(nil)`), or an object of metadata fields read as
  /// ``RequestInput/metadata(_:field:)`` reads them, without custom `metadata`; nil otherwise.
  private mutating func metadata() -> [String: Value]?? {
    if take(word: "null") { return .some(nil) }
    guard take(UInt8(ascii: "{")) else { return nil }
    // Room for the usual few fields at once: growing from empty moved and looked up each
    // field again.
    var fields = [String: Value](minimumCapacity: 3)
    skipSpace()
    if !take(UInt8(ascii: "}")) {
      repeat {
        skipSpace()
        guard let name = string() else { return nil }
        guard let kind = Self.metadataKind(name) else { return nil }
        let key = String(decoding: name, as: UTF8.self)
        skipSpace()
        guard take(UInt8(ascii: ":")) else { return nil }
        skipSpace()
        // A duplicate is refused by the slow path. The known keys are ASCII, so the
        // dictionary's `==` compares their code units.
        guard let value = metadataValue(kind), fields.updateValue(value, forKey: key) == nil else {
          return nil
        }
        skipSpace()
      } while take(UInt8(ascii: ","))
      guard take(UInt8(ascii: "}")) else { return nil }
    }
    return .some(fields)
  }

  private mutating func metadataValue(_ kind: RequestInput.MetadataKind) -> Value? {
    if take(word: "null") { return .null }
    switch kind {
    case .integer:
      if let number = integer() { return .int(number) }
      guard let text = string(), let number = Int64(String(decoding: text, as: UTF8.self)) else { return nil }
      return .int(number)
    case .timestamp:
      guard let text = string(), let time = RFC3339.parse(String(decoding: text, as: UTF8.self)) else {
        return nil
      }
      return .timestamp(time)
    case .custom:
      return nil
    case .string:
      guard let text = string() else { return nil }
      return .string(String(decoding: text, as: UTF8.self))
    }
  }

  /// The position of the member name here in ``RequestInput/keys``, or nil. The length is
  /// checked first, so most names are compared with one key.
  private mutating func field() -> Int? {
    guard let name = string() else { return nil }
    switch name.count {
    case 4:
      return Self.equal(name, "path") ? 1 : Self.equal(name, "auth") ? 3 : Self.equal(name, "time") ? 6 : nil
    case 6: return Self.equal(name, "method") ? 0 : Self.equal(name, "bucket") ? 2 : nil
    case 8: return Self.equal(name, "resource") ? 4 : nil
    case 15: return Self.equal(name, "requestResource") ? 5 : nil
    default: return nil
    }
  }

  /// What the metadata field `name` holds (``RequestInput/metadataKinds``), the length
  /// checked first; nil for an unknown name, and for `metadata`, left to the slow path.
  static func metadataKind(_ name: UnsafeBufferPointer<UInt8>) -> RequestInput.MetadataKind? {
    switch name.count {
    case 4: equal(name, "size") ? .integer : equal(name, "name") || equal(name, "etag") ? .string : nil
    case 6: equal(name, "bucket") || equal(name, "crc32c") ? .string : nil
    case 7: equal(name, "updated") ? .timestamp : equal(name, "md5Hash") ? .string : nil
    case 10: equal(name, "generation") ? .integer : nil
    case 11: equal(name, "timeCreated") ? .timestamp : equal(name, "contentType") ? .string : nil
    case 12: equal(name, "cacheControl") || equal(name, "storageClass") ? .string : nil
    case 14: equal(name, "metageneration") ? .integer : nil
    case 15: equal(name, "contentEncoding") || equal(name, "contentLanguage") ? .string : nil
    case 18: equal(name, "contentDisposition") ? .string : nil
    default: nil
    }
  }

  /// The method named `name`.
  private static func method(_ name: UnsafeBufferPointer<UInt8>) -> RequestMethod? {
    switch name.count {
    case 3: equal(name, "get") ? .get : nil
    case 4: equal(name, "list") ? .list : nil
    case 6:
      equal(name, "create")
        ? .create : equal(name, "update") ? .update : equal(name, "delete") ? .delete : nil
    default: nil
    }
  }

  /// Whether `bytes` are the bytes of `text`.
  private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
    text.withUTF8Buffer { text in
      text.count == bytes.count && text.indices.allSatisfy { bytes[$0] == text[$0] }
    }
  }

  /// The content of the string here, when it has no escape and no control character.
  private mutating func string() -> UnsafeBufferPointer<UInt8>? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    let start = position
    while position < bytes.endIndex {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        position += 1
        return UnsafeBufferPointer(rebasing: bytes[start..<position - 1])
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
      position += 1
    }
    return nil
  }

  /// The integer here, as ``JSONInputParser`` reads one of at most 18 digits (so it cannot
  /// overflow); nil for any other number.
  private mutating func integer() -> Int64? {
    let start = position
    let negative = take(UInt8(ascii: "-"))
    let first = position
    var value: Int64 = 0
    while position < bytes.endIndex, bytes[position] >= 0x30, bytes[position] <= 0x39, position - first < 18 {
      value = value * 10 + Int64(bytes[position] &- 0x30)
      position += 1
    }
    let digits = position - first
    guard digits > 0, digits <= 18, !(digits > 1 && bytes[first] == UInt8(ascii: "0")),
      position == bytes.endIndex
        || (bytes[position] != UInt8(ascii: ".") && bytes[position] | 0x20 != UInt8(ascii: "e")
          && !(bytes[position] >= 0x30 && bytes[position] <= 0x39))
    else {
      position = start
      return nil
    }
    return negative ? -value : value
  }

  /// Whether the ASCII `word` is here (and if so, moves past it).
  private mutating func take(word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard bytes.endIndex - position >= count else { return false }
    let matches = word.withUTF8Buffer { word in
      (0..<count).allSatisfy { bytes[position + $0] == word[$0] }
    }
    if matches { position += count }
    return matches
  }

  /// Whether `byte` is here (and if so, moves past it).
  private mutating func take(_ byte: UInt8) -> Bool {
    guard position < bytes.endIndex, bytes[position] == byte else { return false }
    position += 1
    return true
  }

  private mutating func skipSpace() {
    while position < bytes.endIndex {
      let byte = bytes[position]
      guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return }
      position += 1
    }
  }
}
