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
    var scalars = Array(source.text(lineRange).unicodeScalars)
    var first = min(start.column - 1, scalars.count)
    var last = first + 1
    if range.end <= lineRange.end {
      last = max(last, min(index.location(of: range.end).column - 1, scalars.count))
    } else {
      last = max(last, scalars.count)
    }

    var prefix: [Unicode.Scalar] = []
    var suffix: [Unicode.Scalar] = []
    if scalars.count > Self.maximumWidth {
      let windowStart = max(0, min(first - Self.leadingContext, scalars.count - Self.maximumWidth))
      let windowEnd = min(scalars.count, windowStart + Self.maximumWidth)
      if windowStart > 0 { prefix = ["…"] }
      if windowEnd < scalars.count { suffix = ["…"] }
      scalars = Array(scalars[windowStart..<windowEnd])
      first = first - windowStart + prefix.count
      last = max(first + 1, min(last - windowStart, scalars.count) + prefix.count)
    }
    let shown = prefix + scalars.map(Self.visible) + suffix

    var underline = String.UnicodeScalarView()
    for scalar in shown.prefix(first) { underline.append(scalar == "\t" ? "\t" : " ") }
    underline.append("^")
    for _ in 0..<max(0, last - first - 1) { underline.append("~") }

    var line = String.UnicodeScalarView()
    line.append(contentsOf: shown)
    self.line = String(line)
    self.underline = String(underline)
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
