/// Collects formatted output line by line: indentation, single spaces, and blank lines that
/// never pile up.
///
/// Lines end with `lineEnding`; no line ends with a space; the text ends with one line ending
/// unless it is empty.
struct LineWriter {
  private var output = ""
  private var lineHasContent = false
  private var endsWithBlankLine = false
  private var indentOfNextLine = 0
  let lineEnding: String

  init(lineEnding: String) {
    self.lineEnding = lineEnding
  }

  /// Whether the current line has text on it.
  var isAtLineStart: Bool { !lineHasContent }

  /// Ends the current line, if it has text, so that the next text starts a line indented by
  /// `level` steps of two spaces, after one blank line when `blank` is true.
  mutating func breakLine(indent level: Int, blank: Bool = false) {
    if lineHasContent {
      output += lineEnding
      lineHasContent = false
    }
    if blank && !output.isEmpty && !endsWithBlankLine {
      output += lineEnding
      endsWithBlankLine = true
    }
    indentOfNextLine = level
  }

  /// Writes `text`: at a line start after the indentation, else after one space when `spaced`.
  mutating func write(_ text: String, spaced: Bool) {
    if !lineHasContent {
      output += String(repeating: "  ", count: indentOfNextLine)
    } else if spaced {
      output += " "
    }
    output += text
    lineHasContent = true
    endsWithBlankLine = false
  }

  /// The finished text.
  mutating func finish() -> String {
    if lineHasContent {
      output += lineEnding
      lineHasContent = false
    }
    return output
  }
}
