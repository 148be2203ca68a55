import RulesSyntax

/// One open document as the client last described it: its text, version and language.
public struct TextDocument: Sendable {
  public let uri: String
  public let languageId: String
  public private(set) var version: Int
  public private(set) var bytes: [UInt8]
  public private(set) var index: PositionIndex

  public init(uri: String, languageId: String, version: Int, text: String) {
    self.uri = uri
    self.languageId = languageId
    self.version = version
    self.bytes = Array(text.utf8)
    self.index = PositionIndex(bytes)
  }

  /// The language ids taken to be Storage rules, besides any document whose URI ends in
  /// `.rules`.
  public static let rulesLanguageIDs: Set<String> = [
    "firebase-rules", "firebaserules", "storage-rules", "firebase-storage-rules", "rules",
  ]

  /// Whether the server lints this document.
  public var isRules: Bool {
    Self.rulesLanguageIDs.contains(languageId.lowercased()) || uri.lowercased().hasSuffix(".rules")
  }

  /// One content change: `range` nil replaces the whole text.
  public struct Change: Sendable {
    public var range: LSPRange?
    public var text: String

    public init(range: LSPRange?, text: String) {
      self.range = range
      self.text = text
    }
  }

  /// Applies `changes` in order, each to the text the previous one left, with positions in
  /// `encoding`, and takes `version`. Each change costs time linear in the text. Returns false,
  /// leaving the document partly changed, when the changes would rewrite more than `budget`
  /// bytes (``ServerOptions/editBudget``); the caller then stops following the document.
  public mutating func apply(
    _ changes: [Change], version: Int, encoding: PositionEncoding,
    budget: Int = ServerOptions.defaultEditBudget
  ) -> Bool {
    var spent = 0
    for change in changes {
      spent += bytes.count + change.text.utf8.count
      if spent > budget { return false }
      if let range = change.range {
        let start = index.offset(of: range.start, encoding)
        let end = max(start, index.offset(of: range.end, encoding))
        bytes.replaceSubrange(start..<end, with: change.text.utf8)
      } else {
        bytes = Array(change.text.utf8)
      }
      index = PositionIndex(bytes)
    }
    self.version = version
    return true
  }

  /// The text.
  public var text: String { String(decoding: bytes, as: UTF8.self) }
}
