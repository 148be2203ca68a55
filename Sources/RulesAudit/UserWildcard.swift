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
    let key = String(name.lowercased().filter { $0 != "_" })
    if key == "uid" || owners.contains(key) { return true }
    if key.hasSuffix("uid"), owners.contains(String(key.dropLast(3))) { return true }
    return key.hasSuffix("id") && owners.contains(String(key.dropLast(2)))
  }
}
