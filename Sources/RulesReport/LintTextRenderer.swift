import RulesLint
import RulesSyntax

/// Renders a lint report for people: one block per finding, then a summary line.
///
/// ```
/// storage.rules:3:13: error[RS101/unknown-method]: unknown method 'reed'
///       allow reed: if true;
///             ^~~~
///   note: storage.rules:1:1: a note with a location
/// 1 error in 1 file; none stops firebase deploy
/// 1 fixable with --fix --unsafe-fixes
/// ```
/// Colour is the caller's decision (``TextStyle``); rendering is pure.
public struct LintTextRenderer: Sendable {
  public var style: TextStyle
  /// Whether the run was given `--unsafe-fixes`, so the last line counts unsafe fixes as
  /// applicable rather than as more to be had.
  public var unsafeFixes: Bool

  public init(style: TextStyle, unsafeFixes: Bool = false) {
    self.style = style
    self.unsafeFixes = unsafeFixes
  }

  public init(colored: Bool) {
    self.init(style: TextStyle(colored: colored))
  }

  /// Every finding of `report`, then a blank line (when there were findings) and the summary.
  public func render(_ report: LintReport) -> String {
    var output = ""
    for file in report.files {
      for diagnostic in file.diagnostics {
        output += render(diagnostic, in: file.source, path: file.path)
      }
    }
    if !output.isEmpty { output += "\n" }
    output += style.bold(Self.summaryLine(report.summary)) + "\n"
    if let fixes = Self.fixLine(report.summary, unsafeFixes: unsafeFixes) { output += fixes + "\n" }
    return output
  }

  /// One finding: the `path:line:col: severity[CODE/name]: message` line, the source line
  /// with its underline, then notes and fixes, each line ending in a newline.
  public func render(_ diagnostic: Diagnostic, in source: SourceFile, path: String? = nil) -> String {
    let path = path ?? source.path
    let severity = diagnostic.severity
    let location = source.lineIndex.location(of: diagnostic.range.start)
    let snippet = SourceSnippet(diagnostic.range, in: source)
    var lines = [
      style.bold("\(path):\(location.line):\(location.column): ")
        + style.severity(severity, "\(severity.rawValue)[\(diagnostic.id)]")
        + style.bold(": \(diagnostic.message)"),
      snippet.line,
      style.severity(severity, snippet.underline),
    ]
    for note in diagnostic.notes {
      var text = note.message
      if let range = note.range {
        let noteLocation = source.lineIndex.location(of: range.start)
        text = "\(path):\(noteLocation.line):\(noteLocation.column): " + text
      }
      lines.append("  " + style.severity(.note, "note:") + " " + text)
    }
    for fix in diagnostic.fixes {
      let label = fix.applicability == .safe ? "fix:" : "fix (unsafe):"
      lines.append("  " + style.severity(.note, label) + " " + fix.message)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `2 errors, 1 warning in 3 files; 1 stops firebase deploy`, or `no problems found in 1 file`.
  public static func summaryLine(_ summary: LintSummary) -> String {
    let counts = [
      (summary.errors, "error"), (summary.warnings, "warning"), (summary.notes, "note"),
    ]
    .filter { $0.0 > 0 }
    .map { plural($0.0, $0.1) }
    let files = plural(summary.files, "file")
    guard !counts.isEmpty else { return "no problems found in \(files)" }
    let blocking = summary.deployBlocking
    let deploy =
      blocking == 0
      ? "none stops firebase deploy" : "\(blocking) stop\(blocking == 1 ? "s" : "") firebase deploy"
    return "\(counts.joined(separator: ", ")) in \(files); \(deploy)"
  }

  /// How many findings `--fix` would fix, and how many more `--unsafe-fixes` adds:
  /// `2 fixable with --fix; 1 more with --fix --unsafe-fixes`; nil when none is fixable.
  /// With `unsafeFixes` (the run had `--unsafe-fixes`) every fix counts as applicable.
  public static func fixLine(_ summary: LintSummary, unsafeFixes: Bool) -> String? {
    let safe = summary.safelyFixable
    let unsafe = summary.unsafelyFixable
    if unsafeFixes {
      return safe + unsafe == 0 ? nil : "\(safe + unsafe) fixable with --fix --unsafe-fixes"
    }
    switch (safe, unsafe) {
    case (0, 0): return nil
    case (_, 0): return "\(safe) fixable with --fix"
    case (0, _): return "\(unsafe) fixable with --fix --unsafe-fixes"
    default: return "\(safe) fixable with --fix; \(unsafe) more with --fix --unsafe-fixes"
    }
  }

  private static func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}
