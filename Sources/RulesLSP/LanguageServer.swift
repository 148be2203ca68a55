import RulesEvaluator
import RulesIDE
import RulesReport

/// The language server's state and message handling, without any I/O: each decoded message
/// goes in, the messages to send and the work to schedule come out as ``ServerEffect``s.
///
/// Lifecycle (LSP 3.17): before `initialize` every request is answered `ServerNotInitialized`
/// and notifications are dropped (except `exit`); after `shutdown` every request is answered
/// `InvalidRequest`. `exit` ends the process with status 0 after `shutdown`, else 1. Unknown
/// requests get `MethodNotFound`; unknown notifications and all `$/` notifications are
/// ignored.
public struct LanguageServer: Sendable {
  /// Where the server is in its lifecycle.
  public enum Phase: Sendable, Equatable {
    case uninitialized, running, shutDown
  }

  public private(set) var phase = Phase.uninitialized
  public private(set) var encoding = PositionEncoding.utf16
  public internal(set) var documents: [String: TextDocument] = [:]
  /// The newest lint result of each open document.
  var latest: [String: LintedDocument] = [:]
  /// The analysis of each open document for the editor features, with the version it was made
  /// for (remade when the document has changed).
  var analyses: [String: (version: Int, document: RulesDocument)] = [:]
  public let options: ServerOptions

  public init(options: ServerOptions = ServerOptions()) {
    self.options = options
  }

  var encoder: DiagnosticEncoder { DiagnosticEncoder(encoding: encoding, link: options.link) }

  /// Handles one message.
  public mutating func handle(_ message: RPCMessage) -> [ServerEffect] {
    switch message {
    case .invalid(let id, let error):
      return [
        .send(RPCMessage.errorResponse(id: id, error: error)),
        .log("answered \(error.code): \(error.message)"),
      ]
    case .response:
      return []
    case .notification(let method, let params):
      return notify(method, params)
    case .request(let id, let method, let params):
      switch phase {
      case .uninitialized where method != "initialize":
        return [.send(RPCMessage.errorResponse(id: id, error: .serverNotInitialized))]
      case .shutDown:
        return [.send(RPCMessage.errorResponse(id: id, error: .invalidRequest("the server is shut down")))]
      default:
        do {
          return try request(id, method, params)
        } catch {
          return [.send(RPCMessage.errorResponse(id: id, error: error))]
        }
      }
    }
  }

  private mutating func request(
    _ id: RequestID, _ method: String, _ params: JSONInput?
  ) throws(RPCError) -> [ServerEffect] {
    switch method {
    case "initialize":
      guard phase == .uninitialized else { throw .invalidRequest("initialize was already received") }
      let offered = params?[path: "capabilities", "general", "positionEncodings"]?.arrayValue?.compactMap(
        \.stringValue)
      encoding = PositionEncoding.negotiate(offered)
      phase = .running
      return [.send(RPCMessage.response(id: id, result: initializeResult()))]
    case "shutdown":
      phase = .shutDown
      return [.send(RPCMessage.response(id: id, result: .null))]
    case "textDocument/codeAction":
      return [.send(RPCMessage.response(id: id, result: try codeActions(params)))]
    case "textDocument/hover": return [.send(RPCMessage.response(id: id, result: try hover(params)))]
    case "textDocument/completion":
      return [.send(RPCMessage.response(id: id, result: try completion(params)))]
    case "textDocument/definition":
      return [.send(RPCMessage.response(id: id, result: try definition(params)))]
    case "textDocument/references":
      return [.send(RPCMessage.response(id: id, result: try references(params)))]
    case "textDocument/documentSymbol":
      return [.send(RPCMessage.response(id: id, result: try documentSymbols(params)))]
    case "textDocument/foldingRange":
      return [.send(RPCMessage.response(id: id, result: try foldingRanges(params)))]
    case "textDocument/formatting":
      return [.send(RPCMessage.response(id: id, result: try formatting(params)))]
    default:
      throw .methodNotFound(method)
    }
  }

  private mutating func notify(_ method: String, _ params: JSONInput?) -> [ServerEffect] {
    if method == "exit" { return [.exit(phase == .shutDown ? 0 : 1)] }
    guard phase == .running else { return [.log("dropped \(method): the server is not running")] }
    switch method {
    case "textDocument/didOpen": return didOpen(params)
    case "textDocument/didChange": return didChange(params)
    case "textDocument/didClose": return didClose(params)
    case "textDocument/didSave": return didSave(params)
    default: return []
    }
  }

  /// What `initialize` answers: only what is implemented.
  func initializeResult() -> JSONValue {
    .members(
      (
        "capabilities",
        .members(
          ("positionEncoding", .string(encoding.rawValue)),
          (
            "textDocumentSync",
            .members(
              ("openClose", .bool(true)), ("change", .int(2)),
              ("save", .members(("includeText", .bool(false))))
            )
          ),
          ("codeActionProvider", .members(("codeActionKinds", .array([.string("quickfix")])))),
          ("hoverProvider", .bool(true)),
          (
            "completionProvider",
            .members(("triggerCharacters", .array([.string(".")])), ("resolveProvider", .bool(false)))
          ),
          ("definitionProvider", .bool(true)), ("referencesProvider", .bool(true)),
          ("documentSymbolProvider", .bool(true)), ("foldingRangeProvider", .bool(true)),
          ("documentFormattingProvider", .bool(true))
        )
      ),
      ("serverInfo", .members(("name", .string("rulescheck")), ("version", .string(ToolVersion.current))))
    )
  }

  /// The text of the document at `uri` to lint now, or nil when it is closed or not rules.
  public func snapshot(_ uri: String) -> DocumentSnapshot? {
    guard let document = documents[uri], document.isRules else { return nil }
    return DocumentSnapshot(document)
  }

  /// Records a lint result and returns the `publishDiagnostics` notification for it, or nil
  /// when the document has changed or closed since the snapshot (a stale result is never
  /// published).
  public mutating func accept(_ linted: LintedDocument) -> JSONValue? {
    let uri = linted.snapshot.uri
    guard let document = documents[uri], document.version == linted.snapshot.version,
      document.bytes.count == linted.snapshot.bytes.count
    else { return nil }
    latest[uri] = linted
    return RPCMessage.notification(
      method: "textDocument/publishDiagnostics", params: encoder.publishParams(linted))
  }

  /// Lints the document at `uri` now, on the caller's thread, and returns what to send.
  public mutating func lintNow(_ uri: String) -> [ServerEffect] {
    guard let snapshot = snapshot(uri) else { return [] }
    return accept(options.linter.lint(snapshot)).map { [.send($0)] } ?? []
  }
}
