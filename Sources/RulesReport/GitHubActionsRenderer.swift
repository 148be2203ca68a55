import RulesLint
import RulesSyntax

/// Renders a lint report as GitHub Actions workflow commands, which annotate the lines of a
/// pull request: `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=…::message`.
///
/// Notes become `::notice`. A finding that stops `firebase deploy` says so in its message. `endColumn` is the column of the last character, and columns are
/// left out for ranges spanning lines (GitHub ignores them there). Property values escape
/// `%`, CR, LF, `:` and `,`; messages escape `%`, CR and LF.
public struct GitHubActionsRenderer: Sendable {
  public init() {}

  public func render(_ report: LintReport) -> String {
    var output = ""
    for file in report.files {
      for diagnostic in file.diagnostics {
        output += render(diagnostic, in: file.source, path: file.path) + "\n"
      }
    }
    return output
  }

  public func render(_ diagnostic: Diagnostic, in source: SourceFile, path: String) -> String {
    let start = source.lineIndex.location(of: diagnostic.range.start)
    let end = source.lineIndex.location(of: diagnostic.range.end)
    var properties = [("file", path), ("line", "\(start.line)")]
    if start.line == end.line {
      properties.append(("col", "\(start.column)"))
      properties.append(("endLine", "\(end.line)"))
      properties.append(("endColumn", "\(max(start.column, end.column - 1))"))
    } else {
      properties.append(("endLine", "\(end.line)"))
    }
    properties.append(("title", "\(diagnostic.code)/\(diagnostic.name)"))
    let command =
      switch diagnostic.severity {
      case .error: "error"
      case .warning: "warning"
      case .note: "notice"
      }
    var message = diagnostic.message
    if diagnostic.blocksDeploy { message += "\nfirebase deploy refuses a file with this error" }
    for note in diagnostic.notes { message += "\nnote: " + note.message }
    for fix in diagnostic.fixes { message += "\nfix: " + fix.message }
    let list = properties.map { "\($0)=\(Self.escapeProperty($1))" }.joined(separator: ",")
    return "::\(command) \(list)::\(Self.escapeData(message))"
  }

  static func escapeData(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  static func escapeProperty(_ text: String) -> String {
    escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }
}
