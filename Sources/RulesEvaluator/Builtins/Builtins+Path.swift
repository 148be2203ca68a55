import RulesSemantics

extension Builtins {
  /// `path(s)` as production reads it: one leading `/` is optional, an empty text or an empty
  /// segment is an error (`path('/a//b')`, `path('/')`, `path('/a/b/')`), and each segment is
  /// URL-decoded (Java's `URLDecoder`: `%2F` is a `/` inside the segment, `+` a space). More
  /// segments than ``EvaluationLimits/maximumElements`` is an error, found before any is made.
  static func toPath(_ arguments: [Value]) -> Value {
    if let error = arity(arguments, 1, "path(string)") { return error }
    guard case .string(let text) = arguments[0] else { return mismatch("path", arguments, "path(string)") }
    guard !text.isEmpty else { return .error(EvaluationError("Empty Path Template is not allowed.")) }
    var body = Substring(text).utf8[...]
    if body.first == UInt8(ascii: "/") { body = body.dropFirst() }
    let count = body.reduce(1) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 }
    guard count <= EvaluationLimits.maximumElements else {
      return .error(.tooManyElements("path", count: count, of: "segments"))
    }
    var segments: [String] = []
    segments.reserveCapacity(count)
    for raw in body.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
      guard !raw.isEmpty else {
        return .error(EvaluationError("Invalid Path Template \(text). Empty segment is not allowed."))
      }
      switch urlDecoded(raw) {
      case .success(let segment): segments.append(segment)
      case .failure(let failure):
        let segment = String(decoding: raw, as: UTF8.self)
        return .error(EvaluationError("Unable to decode \(segment) to url. Error: \(failure.message)"))
      }
    }
    return .path(PathValue(segments: segments))
  }

  /// Java's `URLDecoder.decode(s, UTF-8)`: `+` is a space, `%XY` a byte (consecutive bytes are
  /// decoded as UTF-8), anything else itself; the failure is `URLDecoder`'s message.
  static func urlDecoded(_ raw: Substring.UTF8View.SubSequence) -> Result<String, URLDecodingFailure> {
    guard raw.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else {
      return .success(String(Substring(raw)))
    }
    let bytes = Array(raw)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "+"):
        output.append(UInt8(ascii: " "))
        index += 1
      case UInt8(ascii: "%"):
        guard index + 2 < bytes.count else {
          return .failure(URLDecodingFailure("URLDecoder: Incomplete trailing escape (%) pattern"))
        }
        let pair = bytes[(index + 1)...(index + 2)]
        guard let value = hexByte(pair) else {
          return .failure(
            URLDecodingFailure(
              "URLDecoder: Illegal hex characters in escape (%) pattern - Error at index \(badIndex(pair)) in: "
                + "\"\(String(decoding: pair, as: UTF8.self))\""))
        }
        output.append(value)
        index += 3
      default:
        output.append(bytes[index])
        index += 1
      }
    }
    return .success(String(decoding: output, as: UTF8.self))
  }

  /// A message of Java's `URLDecoder`.
  struct URLDecodingFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }
  }

  private static func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  private static func hexByte(_ pair: ArraySlice<UInt8>) -> UInt8? {
    guard let high = hexDigit(pair[pair.startIndex]), let low = hexDigit(pair[pair.startIndex + 1]) else {
      return nil
    }
    return high << 4 | low
  }

  private static func badIndex(_ pair: ArraySlice<UInt8>) -> Int {
    hexDigit(pair[pair.startIndex]) == nil ? 0 : 1
  }

  /// `path.bind(map)`: each segment written `{key}` becomes the map's value for `key` as
  /// `string()` converts it, and `{key=**}` the segments of a path value; a variable left
  /// unbound is dropped; a key that names no variable is production's error. A path whose text
  /// outgrows ``EvaluationLimits/maximumStringBytes`` is an error, found before it is built.
  static func pathMethod(_ path: PathValue, _ name: BuiltinMethodID, _ arguments: [Value]) -> Value {
    guard name == .bind else { return .error(.functionNotFound(name)) }
    if let error = arity(arguments, 1, "path.bind(map)") { return error }
    guard case .map(let bindings) = arguments[0] else {
      return mismatch("path.bind", arguments, "path.bind(map)")
    }
    var variables: Set<MapKey> = []
    var segments: [String] = []
    // The text's length, checked before each segment is added.
    var length = 0
    for segment in path.segments {
      guard let (variable, rest) = variable(segment) else {
        length += 1 + segment.utf8.count
        guard length <= EvaluationLimits.maximumStringBytes else {
          return .error(.pathTooLong(bytes: length))
        }
        segments.append(segment)
        continue
      }
      variables.insert(MapKey(variable))
      guard let value = bindings[MapKey(variable)] else { continue }
      if rest {
        guard case .path(let inner) = value else { return .error(.typeError(value, expected: "path")) }
        length += inner.textLength
        guard length <= EvaluationLimits.maximumStringBytes else {
          return .error(.pathTooLong(bytes: length))
        }
        let count = segments.count + inner.segments.count
        guard count <= EvaluationLimits.maximumElements else {
          return .error(.tooManyElements("path", count: count, of: "segments"))
        }
        segments.append(contentsOf: inner.segments)
        continue
      }
      guard case .string(let text) = toString([value]) else {
        return mismatch("string", [value], stringExpected)
      }
      length += 1 + text.utf8.count
      guard length <= EvaluationLimits.maximumStringBytes else { return .error(.pathTooLong(bytes: length)) }
      segments.append(text)
    }
    let unknown = bindings.keys.filter { !variables.contains($0) }.sorted(by: MapKey.codePointOrder)
    guard unknown.isEmpty else {
      let names = unknown.map(\.string).joined(separator: ", ")
      return .error(EvaluationError("Variable(s) \(names) do not exist in the path template."))
    }
    return .path(PathValue(segments: segments))
  }

  /// The variable a segment written `{name}` or `{name=**}` declares, and whether it is the
  /// latter. Bytes, not characters: `{` followed by a combining mark still opens a variable.
  private static func variable(_ segment: String) -> (name: String, rest: Bool)? {
    let bytes = segment.utf8
    guard bytes.count >= 2, bytes.first == UInt8(ascii: "{"), bytes.last == UInt8(ascii: "}") else {
      return nil
    }
    let inner = String(Substring(bytes.dropFirst().dropLast()))
    if inner.utf8.count > 3, inner.utf8.suffix(3).elementsEqual("=**".utf8) {
      return (String(Substring(inner.utf8.dropLast(3))), true)
    }
    return (inner, false)
  }
}
