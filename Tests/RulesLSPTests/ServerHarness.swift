import RulesEvaluator
import RulesLSP
import RulesReport

/// Drives a ``LanguageServer`` with JSON text messages, running its lint requests at once.
struct ServerHarness {
  var server = LanguageServer(options: ServerOptions(debounceMilliseconds: 150))
  /// Every message sent so far, parsed.
  var sent: [JSONInput] = []
  var exitStatus: Int32?
  /// The lint requests seen, with their delays.
  var lintRequests: [(uri: String, delay: Int)] = []

  /// Sends `json` and returns the messages the server sent in reply, lint results included.
  @discardableResult
  mutating func send(_ json: String) throws -> [JSONInput] {
    try run(server.handle(RPCMessage.decode(Array(json.utf8))))
  }

  mutating func run(_ effects: [ServerEffect]) throws -> [JSONInput] {
    var replies: [JSONInput] = []
    for effect in effects {
      switch effect {
      case .send(let value): replies.append(try JSONInputParser.parse(value.serialized(.compact)))
      case .lint(let uri, let delay):
        lintRequests.append((uri, delay))
        replies += try run(server.lintNow(uri))
      case .log: break
      case .exit(let status): exitStatus = status
      }
    }
    sent += replies
    return replies
  }

  mutating func initialize(_ capabilities: String = "{}") throws -> JSONInput? {
    let reply = try send(
      #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":\#(capabilities)}}"#)
    try send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
    return reply.first
  }

  @discardableResult
  mutating func open(_ uri: String, _ text: String, version: Int = 1) throws -> [JSONInput] {
    try send(
      #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"firebase-rules","version":\#(version),"text":\#(quoted(text))}}}"#
    )
  }
}

/// `text` as a JSON string literal.
func quoted(_ text: String) -> String {
  JSONValue.string(text).serialized(.compact)
}

extension JSONInput {
  /// The diagnostics' codes of a publishDiagnostics notification.
  var diagnosticCodes: [String] {
    self[path: "params", "diagnostics"]?.array?.compactMap { $0["code"]?.string } ?? []
  }

  subscript(path path: String...) -> JSONInput? {
    var value: JSONInput? = self
    for key in path { value = value?[key] }
    return value
  }

  var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  var int: Int? {
    if case .integer(let number) = self { return Int(number) }
    return nil
  }

  var array: [JSONInput]? {
    if case .array(let elements) = self { return elements }
    return nil
  }
}
