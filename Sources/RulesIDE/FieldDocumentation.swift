import RulesSemantics

/// A documented field of `request`, `resource`, a token claim or a Firestore document: its
/// type as shown to users, the type the IDE reasons with, and a one-paragraph explanation.
struct FieldDocumentation: Sendable {
  /// The full path, such as `request.resource.size` (`firestore.get()` stands for a document).
  let path: String
  /// The type as shown: `int`, `map or null`, `string (null on uploads)`.
  let shownType: String
  /// What the IDE knows about the value: where it leads for completion and member hover.
  let type: StaticType
  /// One paragraph, with production's notes.
  let summary: String

  /// The last segment of ``path``: the name of the field.
  var name: String { path.split(separator: ".").last.map(String.init) ?? path }

  /// The path of the value holding this field.
  var parent: String {
    guard let dot = path.utf8.lastIndex(of: UInt8(ascii: ".")) else { return "" }
    return String(path[..<dot])
  }

  init(_ path: String, _ shownType: String, _ type: StaticType, _ summary: String) {
    self.path = path
    self.shownType = shownType
    self.type = type
    self.summary = summary
  }

  /// Markdown for hover: the path and type in a code fence, then the explanation.
  var markdown: String {
    "```rules\n\(path): \(shownType)\n```\n\(summary)"
  }
}
