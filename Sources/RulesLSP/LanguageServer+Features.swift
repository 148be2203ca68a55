import RulesEvaluator
import RulesFormat
import RulesIDE
import RulesReport
import RulesSyntax

/// The requests answered from ``RulesIDE/RulesDocument`` and ``RulesFormat/RulesFormatter``:
/// hover, completion, definition, references, document symbols, folding ranges and
/// formatting. Positions arrive and leave in the negotiated encoding; the features work on
/// UTF-8 byte offsets of the document's current text.
extension LanguageServer {
  /// The open rules document a request names, with its analysis (made once per version).
  mutating func analysed(_ params: JSONInput?) throws(RPCError) -> (TextDocument, RulesDocument)? {
    guard let uri = params?[path: "textDocument", "uri"]?.stringValue else {
      throw .invalidParams("the request needs textDocument.uri")
    }
    guard let document = documents[uri], document.isRules else { return nil }
    if let cached = analyses[uri], cached.version == document.version,
      cached.document.text.utf8.count == document.bytes.count
    {
      return (document, cached.document)
    }
    let analysed = RulesDocument(text: document.text, path: DocumentLinter.path(ofURI: uri) ?? uri)
    analyses[uri] = (document.version, analysed)
    return (document, analysed)
  }

  /// The byte offset of the request's `position`.
  func offset(_ params: JSONInput?, in document: TextDocument) throws(RPCError) -> Int {
    guard let position = Self.position(params?["position"]) else {
      throw .invalidParams("the request needs a position")
    }
    return document.index.offset(of: position, encoding)
  }

  func rangeJSON(_ range: SourceRange, in document: TextDocument) -> JSONValue {
    RulesLSP.rangeJSON(document.index.range(of: range, encoding))
  }

  /// `textDocument/hover`: what is under the cursor, then the documentation of every
  /// rulescheck finding there.
  mutating func hover(_ params: JSONInput?) throws(RPCError) -> JSONValue {
    guard let (document, analysed) = try analysed(params) else { return .null }
    let offset = try offset(params, in: document)
    let info = analysed.hover(at: offset)
    var sections = info.map { [$0.markdown] } ?? []
    var range = info?.range
    if let linted = latest[document.uri], linted.snapshot.version == document.version {
      var seen = Set<String>()
      for diagnostic in linted.diagnostics
      where diagnostic.range.start <= offset && offset <= diagnostic.range.end
        && seen.insert(diagnostic.code).inserted
      {
        guard let help = RuleHelp.markdown(forCode: diagnostic.code) else { continue }
        sections.append(help)
        range = range ?? diagnostic.range
      }
    }
    guard !sections.isEmpty else { return .null }
    var members: [JSONValue.Member] = [
      .init(
        "contents",
        .members(("kind", .string("markdown")), ("value", .string(sections.joined(separator: "\n\n---\n\n"))))
      )
    ]
    if let range { members.append(.init("range", rangeJSON(range, in: document))) }
    return .object(members)
  }

  /// `textDocument/completion`: the candidates at the cursor, each replacing the word typed so
  /// far.
  mutating func completion(_ params: JSONInput?) throws(RPCError) -> JSONValue {
    guard let (document, analysed) = try analysed(params) else { return .array([]) }
    let offset = try offset(params, in: document)
    let items: [JSONValue] = analysed.completions(at: offset).map { candidate in
      var members: [JSONValue.Member] = [
        .init("label", .string(candidate.label)), .init("kind", .int(Self.completionKind(candidate.kind))),
        .init("sortText", .string(candidate.sortText)),
        .init(
          "textEdit",
          .members(
            ("range", rangeJSON(candidate.replacementRange, in: document)),
            ("newText", .string(candidate.insertText)))),
      ]
      if let detail = candidate.detail { members.append(.init("detail", .string(detail))) }
      if let documentation = candidate.documentation {
        members.append(
          .init("documentation", .members(("kind", .string("markdown")), ("value", .string(documentation)))))
      }
      return .object(members)
    }
    return .members(("isIncomplete", .bool(false)), ("items", .array(items)))
  }

  /// `textDocument/definition`: one location, or null.
  mutating func definition(_ params: JSONInput?) throws(RPCError) -> JSONValue {
    guard let (document, analysed) = try analysed(params),
      let target = analysed.definition(at: try offset(params, in: document))
    else { return .null }
    return .members(("uri", .string(document.uri)), ("range", rangeJSON(target, in: document)))
  }

  /// `textDocument/references`: every use, with the declaration when `context` asks for it.
  mutating func references(_ params: JSONInput?) throws(RPCError) -> JSONValue {
    guard let (document, analysed) = try analysed(params) else { return .array([]) }
    let declaration = params?[path: "context", "includeDeclaration"]?.boolValue ?? true
    let ranges = analysed.references(at: try offset(params, in: document), includeDeclaration: declaration)
    return .array(
      ranges.map { .members(("uri", .string(document.uri)), ("range", rangeJSON($0, in: document))) })
  }

  /// `textDocument/documentSymbol`: the tree of `service`, `match` blocks, `allow`s and
  /// functions.
  mutating func documentSymbols(_ params: JSONInput?) throws(RPCError) -> JSONValue {
    guard let (document, analysed) = try analysed(params) else { return .array([]) }
    func encode(_ symbol: OutlineSymbol) -> JSONValue {
      var members: [JSONValue.Member] = [
        .init("name", .string(symbol.name.isEmpty ? " " : symbol.name)),
        .init("kind", .int(Self.symbolKind(symbol.kind))),
        .init("range", rangeJSON(symbol.range, in: document)),
        .init("selectionRange", rangeJSON(symbol.selectionRange, in: document)),
      ]
      if let detail = symbol.detail { members.append(.init("detail", .string(detail))) }
      if !symbol.children.isEmpty { members.append(.init("children", .array(symbol.children.map(encode)))) }
      return .object(members)
    }
    return .array(analysed.symbols().map(encode))
  }

  /// `textDocument/foldingRange`: blocks spanning lines (folded up to the line before their
  /// `}`, which stays visible) and comment runs.
  mutating func foldingRanges(_ params: JSONInput?) throws(RPCError) -> JSONValue {
    guard let (document, analysed) = try analysed(params) else { return .array([]) }
    let ranges: [JSONValue] = analysed.foldingRanges().compactMap { region in
      let start = document.index.position(of: region.start, encoding).line
      var end = document.index.position(of: max(region.start, region.end - 1), encoding).line
      if region.kind == .region { end -= 1 }
      guard end > start else { return nil }
      return .members(
        ("startLine", .int(start)), ("endLine", .int(end)),
        ("kind", .string(region.kind == .comment ? "comment" : "region")))
    }
    return .array(ranges)
  }

  /// `textDocument/formatting`: one edit replacing the whole text with its canonical layout,
  /// none when it is already canonical, and an error for a text with syntax errors (as
  /// `rulescheck format` refuses it).
  func formatting(_ params: JSONInput?) throws(RPCError) -> JSONValue {
    guard let uri = params?[path: "textDocument", "uri"]?.stringValue else {
      throw .invalidParams("formatting needs textDocument.uri")
    }
    guard let document = documents[uri], document.isRules else { return .array([]) }
    switch RulesFormatter().format(document.text) {
    case .formatted(let text):
      guard text != document.text else { return .array([]) }
      let whole = SourceRange(start: 0, end: document.bytes.count)
      return .array([.members(("range", rangeJSON(whole, in: document)), ("newText", .string(text)))])
    case .syntaxErrors(let errors):
      throw .requestFailed(
        "not formatted: \(errors.count) syntax error\(errors.count == 1 ? "" : "s") (fix them first)")
    }
  }

  /// LSP `CompletionItemKind` numbers.
  static func completionKind(_ kind: CompletionKind) -> Int {
    switch kind {
    case .field: 5
    case .method: 2
    case .function: 3
    case .variable: 6
    case .wildcard: 6
    case .namespace: 9
    case .keyword: 14
    case .typeName: 7
    case .value: 12
    }
  }

  /// LSP `SymbolKind` numbers.
  static func symbolKind(_ kind: OutlineSymbolKind) -> Int {
    switch kind {
    case .service: 2
    case .match: 3
    case .allow: 24
    case .function: 12
    }
  }
}
