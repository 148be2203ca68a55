import RulesEvaluator
import RulesInput
import RulesReport

extension LanguageServer {
  mutating func didOpen(_ params: JSONInput?) -> [ServerEffect] {
    guard let item = params?["textDocument"], let uri = item["uri"]?.stringValue,
      let text = item["text"]?.stringValue
    else { return [.log("didOpen without textDocument.uri and text: ignored")] }
    let document = TextDocument(
      uri: uri, languageId: item["languageId"]?.stringValue ?? "", version: item["version"]?.intValue ?? 0,
      text: text)
    documents[uri] = document
    latest[uri] = nil
    return document.isRules ? [.lint(uri: uri, delayMilliseconds: 0)] : [.log("not a rules document: \(uri)")]
  }

  mutating func didChange(_ params: JSONInput?) -> [ServerEffect] {
    guard let uri = params?[path: "textDocument", "uri"]?.stringValue,
      let changes = params?["contentChanges"]?.arrayValue
    else { return [.log("didChange without textDocument.uri and contentChanges: ignored")] }
    guard var document = documents[uri] else { return [.log("didChange of a document not open: \(uri)")] }
    var parsed: [TextDocument.Change] = []
    for change in changes {
      guard let text = change["text"]?.stringValue else {
        return [.log("didChange with a change without text: ignored")]
      }
      var range: LSPRange?
      if let value = change["range"] {
        guard let start = Self.position(value["start"]), let end = Self.position(value["end"]) else {
          return [.log("didChange with a malformed range: ignored")]
        }
        range = LSPRange(start: start, end: end)
      }
      parsed.append(TextDocument.Change(range: range, text: text))
    }
    let version =
      params?[path: "textDocument", "version"]?.intValue ?? max(document.version, document.version &+ 1)
    guard document.apply(parsed, version: version, encoding: encoding, budget: options.editBudget) else {
      documents[uri] = nil
      latest[uri] = nil
      let message =
        "rulescheck stopped following this document: one change rewrites more than "
        + "\(SizeLimit.describe(options.editBudget)); close and reopen it"
      let start = positionJSON(LSPPosition(line: 0, character: 0))
      let diagnostic = JSONValue.members(
        ("range", .members(("start", start), ("end", start))), ("severity", .int(1)),
        ("code", .string("too-large")), ("source", .string(DiagnosticEncoder.source)),
        ("message", .string(message)))
      return [
        .log(message + ": \(uri)"),
        .send(
          RPCMessage.notification(
            method: "textDocument/publishDiagnostics",
            params: .members(("uri", .string(uri)), ("diagnostics", .array([diagnostic]))))),
      ]
    }
    documents[uri] = document
    return document.isRules ? [.lint(uri: uri, delayMilliseconds: options.debounceMilliseconds)] : []
  }

  mutating func didClose(_ params: JSONInput?) -> [ServerEffect] {
    guard let uri = params?[path: "textDocument", "uri"]?.stringValue else {
      return [.log("didClose without textDocument.uri: ignored")]
    }
    let wasRules = documents[uri]?.isRules ?? false
    documents[uri] = nil
    latest[uri] = nil
    analyses[uri] = nil
    guard wasRules else { return [] }
    return [
      .send(
        RPCMessage.notification(
          method: "textDocument/publishDiagnostics",
          params: .members(("uri", .string(uri)), ("diagnostics", .array([])))))
    ]
  }

  mutating func didSave(_ params: JSONInput?) -> [ServerEffect] {
    guard let uri = params?[path: "textDocument", "uri"]?.stringValue else { return [] }
    // A saved `.rulescheck.yml` may change every open document's findings.
    if uri.hasSuffix("/" + ".rulescheck.yml") {
      return documents.values.filter(\.isRules).map(\.uri).sorted().map {
        .lint(uri: $0, delayMilliseconds: 0)
      }
    }
    guard documents[uri]?.isRules == true else { return [] }
    // The configuration file may have changed on disk too: lint again at once.
    return [.lint(uri: uri, delayMilliseconds: 0)]
  }

  /// An LSP `Position` object, or nil when it is not one.
  static func position(_ value: JSONInput?) -> LSPPosition? {
    guard let line = value?["line"]?.intValue, let character = value?["character"]?.intValue,
      line >= 0, character >= 0
    else { return nil }
    return LSPPosition(line: line, character: character)
  }

  /// An LSP `Range` object, or nil when it is not one.
  static func range(_ value: JSONInput?) -> LSPRange? {
    guard let start = position(value?["start"]), let end = position(value?["end"]) else { return nil }
    return LSPRange(start: start, end: end)
  }
}
