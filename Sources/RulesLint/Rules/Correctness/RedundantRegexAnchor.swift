import RulesSyntax

/// Flags `^` and `$` at the ends of a `matches()` pattern, which matches whole strings anyway.
struct RedundantRegexAnchor: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC110", name: "redundant-regex-anchor", category: .correctness, defaultSeverity: .note,
    summary: "^ or $ in a matches() pattern is redundant",
    rationale: """
      `string.matches(re)` succeeds only when the whole string matches, as if the pattern \
      were wrapped in `^…$`. Anchors suggest the author expected a search, and the next \
      pattern written without them may be wrong in the other direction, e.g. `'.*[.]png'` is \
      needed where a search would use `'[.]png$'`. The fix removes the anchors.
      """,
    examples: [
      .fails(
        """
        match /images/{imageId} {
          allow create: if request.resource.contentType.matches('⟦^⟧image/.*⟦$⟧');
        }
        """,
        fixed: """
          match /images/{imageId} {
            allow create: if request.resource.contentType.matches('image/.*');
          }
          """),
      .fails(
        """
        match /images/{imageId} {
          allow get: if imageId.matches("[a-z]+[.]png⟦$⟧");
        }
        """,
        fixed: """
          match /images/{imageId} {
            allow get: if imageId.matches("[a-z]+[.]png");
          }
          """),
      .passes(
        """
        match /images/{imageId} {
          allow create: if request.resource.contentType.matches('image/.*');
        }
        """),
      .passes(
        """
        match /images/{imageId} {
          allow get: if imageId.matches('price-[0-9]+\\\\$');
        }
        """),
      .passes(
        """
        match /images/{imageId} {
          allow get: if imageId.matches('\\\\Qprice$');
        }
        """),
    ],
    limitations: "Only string literals written directly as the argument are checked.",
    fix: .safe(
      "matches() anchors the whole pattern at both ends, so a leading ^ or trailing $ matches nothing more or less"
    ))

  func check(_ context: LintContext, report: inout RuleReport) {
    for call in context.regexCalls where call.method == "matches" {
      guard case .string(let pattern) = call.pattern.kind else { continue }
      let range = call.pattern.range
      let written = Array(context.text(range).utf8)
      guard written.count >= 2, let quote = written.first,
        quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\""),
        written.last == quote
      else { continue }
      if pattern.hasPrefix("^"), written[1] == UInt8(ascii: "^") {
        let caret = SourceRange(start: range.start + 1, end: range.start + 2)
        report.report(
          "'^' is redundant: matches() tests the whole string", at: caret,
          fix: Fix("remove '^'", edits: [TextEdit(range: caret, replacement: "")], applicability: .safe))
      }
      // An escaped `$` (an odd run of backslashes before it) is a literal dollar sign.
      if pattern.hasSuffix("$"), pattern.dropLast().reversed().prefix(while: { $0 == "\\" }).count % 2 == 0,
        !Self.endsInsideQuote(pattern),
        written[written.count - 2] == UInt8(ascii: "$")
      {
        let dollar = SourceRange(start: range.end - 2, end: range.end - 1)
        report.report(
          "'$' is redundant: matches() tests the whole string", at: dollar,
          fix: Fix("remove '$'", edits: [TextEdit(range: dollar, replacement: "")], applicability: .safe))
      }
    }
  }

  /// Whether `pattern` ends inside a `\Q…` quotation that no `\E` closes, where `$` is a
  /// literal dollar sign rather than an anchor.
  static func endsInsideQuote(_ pattern: String) -> Bool {
    var quoted = false
    var escaped = false
    for character in pattern {
      if quoted {
        // Inside a quotation only `\E` means anything; other backslashes are literal.
        if escaped && character == "E" { quoted = false }
        escaped = quoted && character == "\\"
      } else if escaped {
        escaped = false
        quoted = character == "Q"
      } else {
        escaped = character == "\\"
      }
    }
    return quoted
  }
}
