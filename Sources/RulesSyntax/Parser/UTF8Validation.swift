/// Finds invalid UTF-8 in a byte buffer.
enum UTF8Validation {
  /// The offset of the first byte that does not start a valid UTF-8 sequence, or nil.
  static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
    var offset = 0
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }
}
