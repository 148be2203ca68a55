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
    for fix in diagnostic.fixes {
      message += (fix.applicability == .safe ? "\nfix: " : "\nfix (unsafe): ") + fix.message
    }
    let list = properties.map { "\($0)=\(Self.escapeProperty($1))" }.joined(separator: ",")
    return "::\(command) \(list)::\(Self.escapeData(message))"
  }

  static func escapeData(_ text: String) -> String {
    escape(text, property: false)
  }

  static func escapeProperty(_ text: String) -> String {
    escape(text, property: true)
  }

  /// `%`, CR and LF (and in a property `:` and `,`) as `%25`, `%0D`, `%0A`, `%3A`, `%2C`, in
  /// one pass over the bytes: a report can hold tens of thousands of messages.
  private static func escape(_ text: String, property: Bool) -> String {
    let needsEscape = { (byte: UInt8) in
      byte == 0x25 || byte == 0x0D || byte == 0x0A || (property && (byte == 0x3A || byte == 0x2C))
    }
    guard text.utf8.contains(where: needsEscape) else { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + 16)
    let hex = Array("0123456789ABCDEF".utf8)
    for byte in text.utf8 {
      if needsEscape(byte) {
        bytes += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
