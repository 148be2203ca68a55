/// A stream that cannot be read as `Content-Length` framed messages: the server cannot find
/// the next message, so it stops (exit status 1).
public enum FramingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The headers ended without a `Content-Length`.
  case missingContentLength
  /// `Content-Length` is not a decimal number of bytes (negative, empty, or not digits).
  case invalidContentLength(String)
  /// `Content-Length` is above ``MessageFrameReader/maximumBodyBytes``.
  case bodyTooLarge(String)
  /// The headers of one message are longer than ``MessageFrameReader/maximumHeaderBytes``.
  case headerTooLong
  /// The input ended inside a message's headers or body.
  case endOfInputInMessage

  public var description: String {
    switch self {
    case .missingContentLength: "message headers without Content-Length"
    case .invalidContentLength(let value): "invalid Content-Length '\(value)': expected a byte count"
    case .bodyTooLarge(let length):
      "Content-Length \(length) is above the limit of \(MessageFrameReader.maximumBodyBytes) bytes"
    case .headerTooLong:
      "message headers longer than \(MessageFrameReader.maximumHeaderBytes) bytes"
    case .endOfInputInMessage: "input ended in the middle of a message"
    }
  }
}
