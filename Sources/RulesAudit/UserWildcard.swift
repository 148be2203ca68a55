/// Whether a wildcard's name says it holds a user id (`uid`, `userId`, `owner_uid`,
/// `authorId`, …): the one heuristic the audit's wording and the lint rules that look for
/// per-user folders share.
public enum UserWildcard {
  /// Words that, alone or followed by `id` or `uid` (case and `_` ignored), name a user.
  static let owners: Set<String> = [
    "user", "owner", "author", "creator", "uploader", "account", "member",
  ]

  /// Whether `name` (a wildcard's name, without braces) reads as a user id.
  public static func names(_ name: String) -> Bool {
    let key = Self.key(name)
    if key == "uid" || owners.contains(key) { return true }
    if key.hasSuffix("uid"), owners.contains(String(key.dropLast(3))) { return true }
    return key.hasSuffix("id") && owners.contains(String(key.dropLast(2)))
  }

  /// `name` lowercased without its `_` characters; an ASCII name (every name the parser
  /// reads) byte by byte into the key's own storage, as the characters would give it.
  static func key(_ name: String) -> String {
    guard name.utf8.allSatisfy({ $0 < 0x80 }) else { return String(name.lowercased().filter { $0 != "_" }) }
    return String(unsafeUninitializedCapacity: name.utf8.count) { buffer in
      var count = 0
      for byte in name.utf8 where byte != UInt8(ascii: "_") {
        buffer[count] = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
        count += 1
      }
      return count
    }
  }
}
