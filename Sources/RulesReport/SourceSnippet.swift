import RulesSyntax

/// The source line a range starts on, with a `^~~~` underline beneath the range.
///
/// Columns count Unicode scalars. Tabs before the range are repeated in the underline so the
/// caret lines up whatever the tab width; a range running past its first line is underlined to
/// that line's end; an empty range gets a lone `^`. Control characters are shown as their
/// Unicode control pictures (`␀`), and a line longer than ``maximumWidth`` is cut to a window
/// around the range, marked with `…`.
public struct SourceSnippet: Hashable, Sendable {
  /// The text shown for the line.
  public let line: String
  /// The caret and tildes, aligned under ``line``.
  public let underline: String

  /// The most scalars of a line shown before it is windowed.
  public static let maximumWidth = 160
  /// Scalars kept before the range when a long line is windowed.
  static let leadingContext = 40

  public init(_ range: SourceRange, in source: SourceFile) {
    let index = source.lineIndex
    let start = index.location(of: range.start)
    let lineRange = index.contentRange(ofLine: start.line)
    // A line with more bytes than `maximumWidth` scalars can take is only decoded around the
    // range, so a snippet costs the same on a line of a megabyte.
    let view =
      lineRange.length > 4 * Self.maximumWidth
      ? Self.window(range, start: start, line: lineRange, in: source)
      : Self.whole(range, start: start, line: lineRange, in: source)
    let shown = view.prefix + view.scalars.map(Self.visible) + view.suffix
    let first = view.first
    let last = view.last

    var underline = String.UnicodeScalarView()
    for scalar in shown.prefix(first) { underline.append(scalar == "\t" ? "\t" : " ") }
    underline.append("^")
    for _ in 0..<max(0, last - first - 1) { underline.append("~") }

    var line = String.UnicodeScalarView()
    line.append(contentsOf: shown)
    self.line = String(line)
    self.underline = String(underline)
  }

  /// What a snippet shows: scalars of the line, `…` marks, and the underlined positions
  /// `first..<last` counted in the whole shown text.
  private struct View {
    var scalars: [Unicode.Scalar]
    var prefix: [Unicode.Scalar] = []
    var suffix: [Unicode.Scalar] = []
    var first: Int
    var last: Int
  }

  /// The view of a short line, decoded whole and windowed when it has too many scalars.
  private static func whole(
    _ range: SourceRange, start: SourceLocation, line lineRange: SourceRange, in source: SourceFile
  ) -> View {
    let scalars = Array(source.text(lineRange).unicodeScalars)
    let first = min(start.column - 1, scalars.count)
    var last = first + 1
    if range.end <= lineRange.end {
      last = max(last, min(source.lineIndex.location(of: range.end).column - 1, scalars.count))
    } else {
      last = max(last, scalars.count)
    }
    guard scalars.count > Self.maximumWidth else { return View(scalars: scalars, first: first, last: last) }
    let windowStart = max(0, min(first - Self.leadingContext, scalars.count - Self.maximumWidth))
    let windowEnd = min(scalars.count, windowStart + Self.maximumWidth)
    var view = View(scalars: Array(scalars[windowStart..<windowEnd]), first: 0, last: 0)
    if windowStart > 0 { view.prefix = ["…"] }
    if windowEnd < scalars.count { view.suffix = ["…"] }
    view.first = first - windowStart + view.prefix.count
    view.last = max(view.first + 1, min(last - windowStart, view.scalars.count) + view.prefix.count)
    return view
  }

  /// The view of a long line: the same window as ``whole(_:start:line:in:)`` would show, found
  /// with the line index's column offsets and decoded alone.
  private static func window(
    _ range: SourceRange, start: SourceLocation, line lineRange: SourceRange, in source: SourceFile
  ) -> View {
    let index = source.lineIndex
    // The decoded line holds a leading byte order mark as a scalar, which columns skip.
    let mark = lineRange.start == 0 && source.bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 1 : 0
    let count = index.location(of: lineRange.end).column - 1 + mark
    let first = min(start.column - 1, count)
    var last = first + 1
    if range.end <= lineRange.end {
      last = max(last, min(index.location(of: range.end).column - 1, count))
    } else {
      last = max(last, count)
    }
    let windowStart = max(0, min(first - Self.leadingContext, count - Self.maximumWidth))
    let windowEnd = min(count, windowStart + Self.maximumWidth)
    let offset = { (scalar: Int) -> Int in
      mark == 1 && scalar == 0
        ? lineRange.start : index.offset(ofColumn: scalar + 1 - mark, line: start.line)
    }
    let lower = offset(windowStart)
    let text = source.text(SourceRange(start: lower, end: max(lower, offset(windowEnd))))
    var view = View(scalars: Array(text.unicodeScalars), first: 0, last: 0)
    if windowStart > 0 { view.prefix = ["…"] }
    if windowEnd < count { view.suffix = ["…"] }
    view.first = min(first - windowStart, view.scalars.count) + view.prefix.count
    view.last = max(view.first + 1, min(last - windowStart, view.scalars.count) + view.prefix.count)
    return view
  }

  /// `scalar`, or its control picture when it would move the cursor or be invisible.
  private static func visible(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    switch scalar.value {
    case 0x09: scalar
    case 0x00...0x1F: Unicode.Scalar(0x2400 + scalar.value) ?? scalar
    case 0x7F: "\u{2421}"
    default: scalar
    }
  }
}
