import RulesRegex

/// A path pattern of a configuration's `exclude` list: `*` matches within a segment, `**`
/// across segments, `?` one character. A pattern without `/` matches a file or folder name at
/// any depth; one with `/` matches from the configuration file's folder.
public struct PathGlob: Sendable {
  public let pattern: String
  private let regex: RegexPattern?

  public init(_ pattern: String) {
    self.pattern = pattern
    var trimmed = Substring(pattern)
    while trimmed.hasPrefix("./") { trimmed = trimmed.dropFirst(2) }
    if trimmed.hasPrefix("/") { trimmed = trimmed.dropFirst() }
    if trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    let anchored = trimmed.contains("/")
    let body = Self.regexBody(String(trimmed))
    self.regex = try? RegexPattern(anchored ? body : "(?:.*/)?" + body)
  }

  /// Whether `relativePath` (segments joined by `/`) or a folder above it matches.
  public func matches(_ relativePath: String) -> Bool {
    guard let regex else { return false }
    let segments = relativePath.split(separator: "/")
    for count in stride(from: segments.count, through: 1, by: -1) {
      if (try? regex.matchesWhole(segments.prefix(count).joined(separator: "/"))) == true { return true }
    }
    return false
  }

  private static func regexBody(_ glob: String) -> String {
    var output = ""
    let characters = Array(glob)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "*", index + 1 < characters.count, characters[index + 1] == "*" {
        if index + 2 < characters.count, characters[index + 2] == "/" {
          output += "(?:.*/)?"
          index += 3
        } else {
          output += ".*"
          index += 2
        }
        continue
      }
      switch character {
      case "*": output += "[^/]*"
      case "?": output += "[^/]"
      default:
        if "\\^$.|+()[]{}".contains(character) { output += "\\" }
        output.append(character)
      }
      index += 1
    }
    return output
  }
}
