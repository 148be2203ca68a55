/// A way an object path breaks the documented limits on references (decisions.md §19): a
/// length outside 1...1024 UTF-8 bytes or a CR/LF is an error; `#`, `[`, `]`, `*`, `?` are
/// warnings (they work badly with other tools).
public struct PathIssue: Sendable, Hashable, CustomStringConvertible {
  public enum Severity: Sendable, Hashable {
    case error, warning
  }

  public enum Kind: Sendable, Hashable {
    case empty
    case tooLong(byteCount: Int)
    case lineBreak
    case discouragedCharacter(Character)
  }

  public var kind: Kind

  /// The longest object path, in UTF-8 bytes.
  public static let maximumByteCount = 1024
  /// The characters the documentation says to avoid.
  public static let discouragedCharacters: [Character] = ["#", "[", "]", "*", "?"]

  public init(_ kind: Kind) { self.kind = kind }

  public var severity: Severity {
    if case .discouragedCharacter = kind { return .warning }
    return .error
  }

  public var message: String {
    switch kind {
    case .empty:
      "an object path must be 1 to 1024 bytes of UTF-8; this one is empty"
    case .tooLong(let count):
      "an object path must be 1 to 1024 bytes of UTF-8; this one is \(count) bytes"
    case .lineBreak:
      "an object path must not contain a carriage return or a line feed"
    case .discouragedCharacter(let character):
      "'\(character)' in an object path works badly with other tools (Realtime Database, gsutil); "
        + "avoid #, [, ], * and ?"
    }
  }

  public var description: String { message }

  /// Every issue of `path`, errors first; the warnings name each discouraged character once.
  public static func check(_ path: String) -> [PathIssue] {
    var issues: [PathIssue] = []
    let count = path.utf8.count
    if count == 0 { issues.append(PathIssue(.empty)) }
    if count > maximumByteCount { issues.append(PathIssue(.tooLong(byteCount: count))) }
    if path.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) { issues.append(PathIssue(.lineBreak)) }
    for character in discouragedCharacters where path.utf8.contains(character.asciiValue ?? 0) {
      issues.append(PathIssue(.discouragedCharacter(character)))
    }
    return issues
  }

  /// The first error of `path`, if any.
  public static func firstError(_ path: String) -> PathIssue? {
    check(path).first { $0.severity == .error }
  }
}
