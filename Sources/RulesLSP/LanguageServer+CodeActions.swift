import RulesEvaluator
import RulesLint
import RulesReport
import RulesSyntax

extension LanguageServer {
  /// The quick fixes for `textDocument/codeAction`: every lint fix of a finding that overlaps
  /// the range or is one of `context.diagnostics` (same code and start; safe fixes preferred),
  /// then "Suppress CODE on this line" for every rulescheck diagnostic of `context.diagnostics`
  /// that a suppression comment can silence (all but syntax errors).
  ///
  /// The fixes come from the newest lint of the current text; when the document changed
  /// since, it is linted again first, so an edit never applies to text it was not made for.
  mutating func codeActions(_ params: JSONInput?) throws(RPCError) -> JSONValue {
    guard let uri = params?[path: "textDocument", "uri"]?.stringValue,
      let range = Self.range(params?["range"])
    else { throw .invalidParams("codeAction needs textDocument.uri and range") }
    if let only = params?[path: "context", "only"]?.arrayValue?.compactMap(\.stringValue),
      !only.contains(where: { $0.isEmpty || $0 == "quickfix" })
    {
      return .array([])
    }
    guard let document = documents[uri], document.isRules else { return .array([]) }
    var linted = latest[uri]
    if linted?.snapshot.version != document.version || linted?.snapshot.bytes.count != document.bytes.count {
      let fresh = options.linter.lint(DocumentSnapshot(document))
      latest[uri] = fresh
      linted = fresh
    }
    guard let linted else { return .array([]) }
    let start = document.index.offset(of: range.start, encoding)
    let end = document.index.offset(of: range.end, encoding)
    let contextDiagnostics = params?[path: "context", "diagnostics"]?.arrayValue ?? []
    var named = Set<String>()
    for diagnostic in contextDiagnostics {
      guard let code = diagnostic["code"]?.stringValue,
        let at = Self.position(diagnostic[path: "range", "start"])
      else { continue }
      named.insert("\(code)@\(at.line):\(at.character)")
    }
    var actions: [JSONValue] = []
    for diagnostic in linted.diagnostics where !diagnostic.fixes.isEmpty {
      let at = linted.snapshot.index.position(of: diagnostic.range.start, encoding)
      guard
        (diagnostic.range.start <= end && diagnostic.range.end >= start)
          || named.contains("\(diagnostic.code)@\(at.line):\(at.character)")
      else { continue }
      let encoded = encoder.encode(diagnostic, in: linted.snapshot)
      for fix in diagnostic.fixes {
        let edits = fix.edits.map { encoder.textEdit($0, linted.snapshot) }
        var title = fix.message
        if fix.applicability == .unsafe { title += " (unsafe: may change who may do what)" }
        actions.append(
          .members(
            ("title", .string(title)), ("kind", .string("quickfix")), ("diagnostics", .array([encoded])),
            ("isPreferred", .bool(fix.applicability == .safe)),
            ("edit", .members(("changes", .object([JSONValue.Member(uri, .array(edits))])))))
        )
      }
    }
    actions += suppressions(contextDiagnostics, in: document)
    return .array(actions)
  }

  /// "Suppress CODE on this line" actions: a `// rulescheck:disable-next-line CODE` comment,
  /// indented like the line, inserted above the line where the diagnostic starts.
  private func suppressions(_ diagnostics: [JSONInput], in document: TextDocument) -> [JSONValue] {
    let runner = LintRunner()
    let syntax = Set(SyntaxDiagnostics.all.map(\.code))
    var seen = Set<String>()
    var actions: [JSONValue] = []
    for diagnostic in diagnostics {
      guard let code = diagnostic["code"]?.stringValue, !syntax.contains(code),
        let id = runner.identity(of: code), id.code == code,
        diagnostic["source"]?.stringValue ?? DiagnosticEncoder.source == DiagnosticEncoder.source,
        let line = Self.position(diagnostic[path: "range", "start"])?.line, line < document.index.lineCount,
        seen.insert("\(code)@\(line)").inserted
      else { continue }
      let lineStart = document.index.lineStart(line)
      var indentEnd = lineStart
      while indentEnd < document.bytes.count,
        document.bytes[indentEnd] == 0x20 || document.bytes[indentEnd] == 0x09
      {
        indentEnd += 1
      }
      let indentation = String(decoding: document.bytes[lineStart..<indentEnd], as: UTF8.self)
      let comment =
        indentation + "// " + SuppressionDirective.prefix + "disable-next-line " + code
        + document.index.terminator(ofLine: line)
      let at = positionJSON(LSPPosition(line: line, character: 0))
      let edit = JSONValue.members(
        ("range", .members(("start", at), ("end", at))), ("newText", .string(comment)))
      actions.append(
        .members(
          ("title", .string("Suppress \(code) on this line")), ("kind", .string("quickfix")),
          ("diagnostics", .array([diagnostic.jsonValue])),
          ("edit", .members(("changes", .object([JSONValue.Member(document.uri, .array([edit]))])))))
      )
    }
    return actions
  }
}
