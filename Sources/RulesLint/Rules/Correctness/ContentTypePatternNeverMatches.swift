import RulesRegex
import RulesSyntax

/// Flags content-type patterns that cannot match a content type such as `image/png`.
struct ContentTypePatternNeverMatches: LintRule {
  static let descriptor = RuleDescriptor(
    code: "RC111", name: "content-type-pattern-never-matches", category: .correctness,
    defaultSeverity: .warning,
    summary: "a contentType pattern cannot match a content type",
    rationale: """
      `matches()` takes a regular expression that must match the whole content type, such \
      as `image/png`. Glob-style `'image/*'` means "image" followed by any number of slashes, \
      so it matches no real content type; `'png'` or `'(jpeg|png)'` has no slash; \
      `'image/PNG'` misses the lower-case types browsers send. Such a condition silently \
      refuses every upload. Write `'image/.*'` or `'image/(png|jpeg)'`.
      """,
    examples: [
      .fails(
        """
        match /images/{imageId} {
          allow create: if request.resource.contentType.matches(⟦'image/*'⟧);
        }
        """),
      .fails(
        """
        match /images/{imageId} {
          allow create: if request.resource.contentType.matches(⟦'(jpeg|png)'⟧);
        }
        """),
      .passes(
        """
        match /images/{imageId} {
          allow create: if request.resource.contentType.matches('image/(png|jpeg)');
        }
        """),
      .passes(
        """
        match /data/{fileName} {
          allow create: if request.resource.contentType.matches('application/vnd[.]example[.]v1');
        }
        """),
    ],
    limitations: """
      A pattern is reported only when it matches none of about thirty common content types \
      and also looks like a glob (`/*`, a leading `*`), cannot match a `/`, or has upper-case \
      letters.
      """)

  static let samples = [
    "image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml", "image/heic", "image/bmp",
    "image/tiff", "image/avif", "video/mp4", "video/quicktime", "video/webm", "video/x-msvideo",
    "audio/mpeg", "audio/wav", "audio/ogg", "audio/mp4", "application/pdf", "application/json",
    "application/zip", "application/octet-stream", "application/msword",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "application/vnd.ms-excel",
    "text/plain", "text/csv", "text/html", "font/woff2",
  ]

  func check(_ context: LintContext, report: inout RuleReport) {
    // Each distinct pattern is compiled and tried once.
    var reasons: [String: String?] = [:]
    for call in context.regexCalls where call.method == "matches" {
      guard let subject = context.accessPath(call.subject, call.bindings),
        subject.equals("request", "resource", "contentType") || subject.equals("resource", "contentType"),
        let pattern = context.constantString(call.pattern, call.bindings)
      else { continue }
      let known = reasons[pattern] ?? Self.neverMatchingReason(pattern)
      reasons[pattern] = known
      guard let reason = known else { continue }
      let (literal, _) = context.dereference(call.pattern, call.bindings)
      report.report(
        "'\(pattern)' never matches a content type such as 'image/png': \(reason)", at: literal.range)
    }
  }

  /// Why `pattern` never matches a content type, if it compiles, matches none of the samples,
  /// and shows why.
  private static func neverMatchingReason(_ pattern: String) -> String? {
    guard let regex = try? RegexPattern(pattern),
      !samples.contains(where: { (try? regex.matchesWhole($0)) == true })
    else { return nil }
    return reason(pattern)
  }

  /// Why `pattern` cannot be meant for content types, if it shows.
  static func reason(_ pattern: String) -> String? {
    if pattern.contains("/*") || pattern.hasPrefix("*") {
      return "matches() takes a regular expression, not a glob; write '.*' for 'any'"
    }
    if !pattern.contains(where: { "/.\\[".contains($0) }) {
      return "it cannot match the '/' between type and subtype"
    }
    var escaped = false
    var inClass = false
    for character in pattern {
      defer { escaped = !escaped && character == "\\" }
      if escaped { continue }
      if character == "[" { inClass = true } else if character == "]" { inClass = false }
      if !inClass && character.isASCII && character.isUppercase {
        return "content types are lower-case"
      }
    }
    return nil
  }
}
