/// JSON as the Firebase CLI reads `firebase.json`: `//` and `/* */` comments, and (as
/// rulescheck has always accepted) a comma before a closing `}` or `]`.
///
/// ``plain(_:)`` turns such text into strict JSON by blanking those bytes with spaces, so
/// every byte keeps its offset, line and column and a strict parser's error positions point
/// into the original text. Linear in the input.
public enum CommentedJSON {
  /// A `/*` comment that is never closed, at `offset` (UTF-8 bytes from the start).
  public struct UnterminatedComment: Error, Sendable, Equatable {
    public var offset: Int
  }

  /// `bytes` with comments and trailing commas replaced by spaces (line feeds inside a block
  /// comment are kept).
  public static func plain(_ bytes: [UInt8]) throws(UnterminatedComment) -> [UInt8] {
    var output = bytes
    var index = 0
    var pendingComma: Int?
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        pendingComma = nil
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        index += 1
      case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
        while index < bytes.count, bytes[index] != 0x0A {
          output[index] = 0x20
          index += 1
        }
      case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
        let start = index
        output[index] = 0x20
        output[index + 1] = 0x20
        index += 2
        while index + 1 < bytes.count,
          !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
        {
          if bytes[index] != 0x0A && bytes[index] != 0x0D { output[index] = 0x20 }
          index += 1
        }
        guard index + 1 < bytes.count else { throw UnterminatedComment(offset: start) }
        output[index] = 0x20
        output[index + 1] = 0x20
        index += 2
      case 0x20, 0x09, 0x0A, 0x0D:
        index += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if let comma = pendingComma { output[comma] = 0x20 }
        pendingComma = nil
        index += 1
      case UInt8(ascii: ","):
        pendingComma = index
        index += 1
      default:
        pendingComma = nil
        index += 1
      }
    }
    return output
  }
}
