import RulesSyntax

/// What hovering over a position shows: the range the hover applies to and Markdown text.
public struct HoverInfo: Sendable, Equatable {
  /// The range of the word or name hovered (UTF-8 byte offsets).
  public var range: SourceRange
  /// The explanation, as Markdown; signatures sit in ```` ```rules ```` code fences.
  public var markdown: String

  public init(range: SourceRange, markdown: String) {
    self.range = range
    self.markdown = markdown
  }
}
