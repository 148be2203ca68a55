import RulesLint
import RulesSyntax

/// Renders a lint report for people: one block per finding, then a summary line.
///
/// ```
/// storage.rules:3:13: error[RS101/unknown-method]: unknown method 'reed'
///       allow reed: if true;
///             ^~~~
///   note: storage.rules:1:1: a note with a location
/// 1 error in 1 file
/// ```
/// Colour is the caller's decision (``TextStyle``); rendering is pure.
public struct LintTextRenderer: Sendable {
  public var style: TextStyle

  public init(style: TextStyle) {
    self.style = style
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
    return output + style.bold(Self.summaryLine(report.summary)) + "\n"
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
      lines.append("  " + style.severity(.note, "fix:") + " " + fix.message)
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

  private static func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}
