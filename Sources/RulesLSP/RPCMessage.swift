import RulesEvaluator
import RulesReport

/// One decoded JSON-RPC 2.0 message from the client.
public enum RPCMessage: Sendable {
  case request(id: RequestID, method: String, params: JSONInput?)
  case notification(method: String, params: JSONInput?)
  /// A response to a request of the server's; this server sends none, so responses are ignored.
  case response(id: RequestID?)
  /// A message that is not valid JSON or not a JSON-RPC message: answered with `error`, with
  /// the request's id when one could be read (else null).
  case invalid(id: RequestID?, error: RPCError)

  /// Decodes one message body (the bytes after the headers); never throws, a bad body is
  /// ``invalid(id:error:)``.
  public static func decode(_ body: [UInt8]) -> RPCMessage {
    let value: JSONInput
    do {
      value = try JSONInputParser.parse(bytes: body[...])
    } catch {
      return .invalid(id: nil, error: .parseError("parse error: \(error.description)"))
    }
    return decode(value)
  }

  /// Decodes one parsed JSON value as a message.
  public static func decode(_ value: JSONInput) -> RPCMessage {
    guard case .object = value else {
      return .invalid(
        id: nil, error: .invalidRequest("a message must be a JSON object (batches are not used by LSP)"))
    }
    let rawID = value["id"]
    let id = rawID.flatMap(RequestID.init)
    guard value["jsonrpc"]?.stringValue == "2.0" else {
      return .invalid(id: id, error: .invalidRequest("\"jsonrpc\" must be \"2.0\""))
    }
    let params = value["params"]
    if let params {
      switch params {
      case .object, .array: break
      default: return .invalid(id: id, error: .invalidRequest("\"params\" must be an object or an array"))
      }
    }
    guard let methodValue = value["method"] else {
      if value["result"] != nil || value["error"] != nil { return .response(id: id) }
      return .invalid(id: id, error: .invalidRequest("a message needs a \"method\""))
    }
    guard let method = methodValue.stringValue else {
      return .invalid(id: id, error: .invalidRequest("\"method\" must be a string"))
    }
    guard rawID != nil else { return .notification(method: method, params: params) }
    guard let id else {
      return .invalid(id: nil, error: .invalidRequest("\"id\" must be an integer or a string"))
    }
    return .request(id: id, method: method, params: params)
  }

  /// The JSON of a successful response.
  public static func response(id: RequestID, result: JSONValue) -> JSONValue {
    .object([
      JSONValue.Member("jsonrpc", .string("2.0")), JSONValue.Member("id", id.json),
      JSONValue.Member("result", result),
    ])
  }

  /// The JSON of an error response; a nil id is written as null.
  public static func errorResponse(id: RequestID?, error: RPCError) -> JSONValue {
    .object([
      JSONValue.Member("jsonrpc", .string("2.0")), JSONValue.Member("id", id?.json ?? .null),
      JSONValue.Member("error", error.json),
    ])
  }

  /// The JSON of a notification from the server.
  public static func notification(method: String, params: JSONValue) -> JSONValue {
    .object([
      JSONValue.Member("jsonrpc", .string("2.0")), JSONValue.Member("method", .string(method)),
      JSONValue.Member("params", params),
    ])
  }
}
