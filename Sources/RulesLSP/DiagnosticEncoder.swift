import RulesLint
import RulesReport
import RulesSyntax

/// Turns lint findings into LSP `Diagnostic` objects for one snapshot's text.
///
/// Severities: error → Error (1), warning → Warning (2), note → Information (3); Hint (4) is
/// not used. `code` is the RS/RC code, `source` is `rulescheck`; notes with a range become
/// `relatedInformation`, notes without one are appended to the message as `note: …` lines.
/// `unused-*` findings carry the tag Unnecessary (1), `deprecated-*` ones Deprecated (2).
/// `data` holds `name`, `blocksDeploy` and the fixes, each with `title`, `applicability` and
/// `edits` as LSP `TextEdit`s.
public struct DiagnosticEncoder: Sendable {
  public var encoding: PositionEncoding
  public var link: DocumentationLink

  public init(encoding: PositionEncoding, link: DocumentationLink) {
    self.encoding = encoding
    self.link = link
  }

  public static let source = "rulescheck"

  /// The `params` of `textDocument/publishDiagnostics` for `linted`.
  public func publishParams(_ linted: LintedDocument) -> JSONValue {
    var diagnostics = linted.diagnostics.map { encode($0, in: linted.snapshot) }
    if let problem = linted.problem {
      let start = LSPRange(start: LSPPosition(line: 0, character: 0), end: LSPPosition(line: 0, character: 0))
      diagnostics.insert(
        .members(
          ("range", rangeJSON(start)), ("severity", .int(1)), ("code", .string(problem.code)),
          ("source", .string(Self.source)), ("message", .string(problem.message))), at: 0)
    }
    return .members(
      ("uri", .string(linted.snapshot.uri)), ("version", .int(linted.snapshot.version)),
      ("diagnostics", .array(diagnostics)))
  }

  /// One finding as an LSP diagnostic.
  public func encode(_ diagnostic: Diagnostic, in snapshot: DocumentSnapshot) -> JSONValue {
    var message = diagnostic.message
    var related: [JSONValue] = []
    for note in diagnostic.notes {
      if let range = note.range {
        related.append(
          .members(
            ("location", .members(("uri", .string(snapshot.uri)), ("range", self.range(range, snapshot)))),
            ("message", .string(note.message))))
      } else {
        message += "\nnote: " + note.message
      }
    }
    var members: [JSONValue.Member] = [
      JSONValue.Member("range", range(diagnostic.range, snapshot)),
      JSONValue.Member("severity", .int(Self.severity(diagnostic.severity))),
      JSONValue.Member("code", .string(diagnostic.code)),
    ]
    if let href = link.href(for: diagnostic.id) {
      members.append(JSONValue.Member("codeDescription", .members(("href", .string(href)))))
    }
    members.append(JSONValue.Member("source", .string(Self.source)))
    members.append(JSONValue.Member("message", .string(message)))
    let tags = Self.tags(diagnostic.id)
    if !tags.isEmpty { members.append(JSONValue.Member("tags", .array(tags.map { .int($0) }))) }
    if !related.isEmpty { members.append(JSONValue.Member("relatedInformation", .array(related))) }
    let fixes = diagnostic.fixes.map { fix in
      JSONValue.members(
        ("title", .string(fix.message)), ("applicability", .string(fix.applicability.rawValue)),
        ("edits", .array(fix.edits.map { textEdit($0, snapshot) })))
    }
    members.append(
      JSONValue.Member(
        "data",
        .members(
          ("name", .string(diagnostic.name)), ("blocksDeploy", .bool(diagnostic.blocksDeploy)),
          ("fixes", .array(fixes)))))
    return .object(members)
  }

  /// An LSP `TextEdit` for a fix's edit.
  func textEdit(_ edit: RulesSyntax.TextEdit, _ snapshot: DocumentSnapshot) -> JSONValue {
    .members(("range", range(edit.range, snapshot)), ("newText", .string(edit.replacement)))
  }

  func range(_ range: SourceRange, _ snapshot: DocumentSnapshot) -> JSONValue {
    rangeJSON(snapshot.index.range(of: range, encoding))
  }

  /// The LSP severity number for `severity`.
  public static func severity(_ severity: Severity) -> Int {
    switch severity {
    case .error: 1
    case .warning: 2
    case .note: 3
    }
  }

  /// The LSP `DiagnosticTag`s for findings of `id`.
  public static func tags(_ id: DiagnosticID) -> [Int] {
    if id.name.hasPrefix("unused-") { return [1] }
    if id.name.hasPrefix("deprecated-") { return [2] }
    return []
  }
}

/// `range` as an LSP `Range` object.
func rangeJSON(_ range: LSPRange) -> JSONValue {
  .members(("start", positionJSON(range.start)), ("end", positionJSON(range.end)))
}

/// `position` as an LSP `Position` object.
func positionJSON(_ position: LSPPosition) -> JSONValue {
  .members(("line", .int(position.line)), ("character", .int(position.character)))
}
