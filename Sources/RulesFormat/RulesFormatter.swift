import RulesSyntax

/// Rewrites a storage.rules text in the canonical layout, keeping its meaning and its comments.
///
/// The layout is described in docs/formatting.md: two spaces per nesting level, one statement
/// per line, normalised spacing, the author's line breaks inside a statement kept (continuation
/// lines re-indented), comments kept where they are, runs of blank lines collapsed to one.
/// Only whitespace changes, plus a `;` added where a statement ends without one and stray `;`
/// removed, so the parsed file is the same before and after. A text with syntax errors is not
/// formatted. Time and memory are linear in the size of the text; the only recursion follows
/// the nesting of blocks, which the parser bounds.
public struct RulesFormatter: Sendable {
  public init() {}

  /// The canonical form of `text`, or the syntax errors that prevent formatting it.
  public func format(_ text: String) -> FormatOutcome {
    let file = RulesParser.parse(text)
    if file.hasSyntaxErrors {
      return .syntaxErrors(file.diagnostics.filter { $0.severity == .error })
    }
    var printer = LayoutPrinter(file: file)
    return .formatted(printer.render())
  }
}
