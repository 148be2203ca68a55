import RulesSyntax

/// A source line as `--explain` prints it above its values: whole, or when it has more than
/// ``SourceSnippet/maximumWidth`` scalars, a window of that many from a little before the first
/// value, marked with `…`, so the output stays proportional to what was evaluated whatever
/// the length of the line.
struct ShownLine {
  /// The text printed.
  let text: String
  /// The line's column of the first scalar shown.
  let firstColumn: Int
  /// The line's column just past the last scalar shown.
  let endColumn: Int
  /// The scalars shown, `…` excluded, for padding carets.
  private let scalars: [Unicode.Scalar]
  private let marked: Bool

  /// `line` of `source`, windowed from about `column` when it is long.
  init(_ line: Int, from column: Int, in source: SourceFile) {
    let index = source.lineIndex
    let content = index.contentRange(ofLine: line)
    let count = index.location(of: content.end).column - 1
    let width = SourceSnippet.maximumWidth
    guard count > width else {
      let text = source.text(content)
      self.init(text: text, scalars: Array(text.unicodeScalars), first: 1, end: count + 1, marked: false)
      return
    }
    let first = max(1, min(column - SourceSnippet.leadingContext, count - width + 1))
    let lower = index.offset(ofColumn: first, line: line)
    let upper = index.offset(ofColumn: first + width, line: line)
    let window = source.text(SourceRange(start: lower, end: max(lower, upper)))
    let text = (first > 1 ? "…" : "") + window + (first + width <= count ? "…" : "")
    self.init(
      text: text, scalars: Array(window.unicodeScalars), first: first, end: first + width, marked: first > 1)
  }

  private init(text: String, scalars: [Unicode.Scalar], first: Int, end: Int, marked: Bool) {
    self.text = text
    self.scalars = scalars
    self.firstColumn = first
    self.endColumn = end
    self.marked = marked
  }

  /// White space up to `column`, keeping tabs so a caret lines up; nil when `column` is not
  /// shown.
  func padding(to column: Int) -> String? {
    guard column >= firstColumn, column <= endColumn else { return nil }
    let before = scalars.prefix(column - firstColumn).map { $0 == "\t" ? Character("\t") : Character(" ") }
    return (marked ? " " : "") + String(before)
  }
}
