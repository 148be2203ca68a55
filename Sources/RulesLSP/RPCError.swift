import RulesReport

/// A JSON-RPC 2.0 error object, with the codes JSON-RPC and LSP 3.17 define.
public struct RPCError: Error, Hashable, Sendable {
  public var code: Int
  public var message: String

  public init(code: Int, message: String) {
    self.code = code
    self.message = message
  }

  public static let parseErrorCode = -32700
  public static let invalidRequestCode = -32600
  public static let methodNotFoundCode = -32601
  public static let invalidParamsCode = -32602
  public static let internalErrorCode = -32603
  public static let serverNotInitializedCode = -32002
  public static let requestCancelledCode = -32800
  /// LSP 3.17's `RequestFailed`: a valid request the server could not answer (formatting a
  /// text with syntax errors).
  public static let requestFailedCode = -32803

  public static func parseError(_ message: String) -> RPCError {
    RPCError(code: parseErrorCode, message: message)
  }
  public static func invalidRequest(_ message: String) -> RPCError {
    RPCError(code: invalidRequestCode, message: message)
  }
  public static func invalidParams(_ message: String) -> RPCError {
    RPCError(code: invalidParamsCode, message: message)
  }
  public static func methodNotFound(_ method: String) -> RPCError {
    RPCError(code: methodNotFoundCode, message: "method not found: \(method)")
  }
  public static func requestFailed(_ message: String) -> RPCError {
    RPCError(code: requestFailedCode, message: message)
  }
  public static let serverNotInitialized = RPCError(
    code: serverNotInitializedCode, message: "the server is not initialized: send initialize first")
  public static let requestCancelled = RPCError(code: requestCancelledCode, message: "request cancelled")

  /// The `error` member of a response.
  public var json: JSONValue {
    .object([JSONValue.Member("code", .number(String(code))), JSONValue.Member("message", .string(message))])
  }
}
