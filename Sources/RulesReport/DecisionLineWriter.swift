import RulesEvaluator
import RulesSemantics
import RulesSyntax

/// Writes batch decisions as JSON lines straight into UTF-8 bytes, without building a
/// ``JSONValue`` per decision.
///
/// Contract: each line is byte for byte ``DecisionJSON/document(_:index:explain:)`` with its
/// ``JSONValue/withTool()`` member, serialized `.compact`, then `\n`. What never changes between
/// decisions of one ruleset (ranges as lines and columns, statement texts, `warnings`, `tool`)
/// is serialized once and copied. Not thread-safe: use one writer per thread.
public final class DecisionLineWriter {
  private let document: DecisionJSON
  /// `,"allowed":…,"method":"…","path":` of each method (by ``slot(of:)``), denied then
  /// allowed.
  private let heads: [[UInt8]]
  /// `],"warnings":…,"tool":…}` and the newline, which end every line.
  private let tail: [UInt8]
  /// `,"rulesVersion":…,"error":` of the last version written.
  private var version: (version: RulesVersion, bytes: [UInt8])?
  private var rangeBytes: [SourceRange: [UInt8]] = [:]
  /// `{"statement":…,"range":…` of each statement seen, alone and followed by a true and a
  /// false `"result"` and the closing brace (the whole allow of a line without `explain`).
  private var statementBytes: [SourceRange: (open: [UInt8], isTrue: [UInt8], isFalse: [UInt8])] = [:]
  /// `{"kind":"granted","statement":…},"trace":[` by granting statement.
  private var grantedBytes: [SourceRange: [UInt8]] = [:]
  /// `{"pattern":…,"range":…,"bindings":{` of each block seen, by block number, with the
  /// pattern and range it was written for (checked on use, so a stale entry is never copied),
  /// and each binding's `"name":` (with its leading comma after the first), by slot.
  private var blockHeads: [Int: (pattern: String, range: SourceRange, bytes: [UInt8], names: [[UInt8]])] = [:]

  /// A writer for decisions of the rules in `source`; `warnings` as for ``DecisionJSON``.
  public init(source: SourceFile, warnings: [Diagnostic] = []) {
    self.document = DecisionJSON(source: source, layout: .compact, warnings: warnings)
    self.heads = RequestMethod.allCases.sorted { Self.slot(of: $0) < Self.slot(of: $1) }.flatMap { method in
      [false, true].map { allowed in
        var bytes: [UInt8] = []
        bytes += allowed ? #","allowed":true,"method":"# : #","allowed":false,"method":"#
        JSONValue.writeQuoted(method.rawValue, to: &bytes)
        bytes += #","path":"#
        return bytes
      }
    }
    var tail: [UInt8] = []
    tail += #"],"warnings":"#
    tail += Array(RunFindings(warnings, in: source).json.serialized(.compact).utf8)
    tail += #","tool":"#
    tail += Array(JSONValue.tool.serialized(.compact).utf8)
    tail += "}\n"
    self.tail = tail
  }

  /// Where `method` is among ``heads`` (each method has two).
  private static func slot(of method: RequestMethod) -> Int {
    switch method {
    case .get: 0
    case .list: 1
    case .create: 2
    case .update: 3
    case .delete: 4
    }
  }

  /// Appends the line of `decision` (with `index`, and sub-expression values with `explain`)
  /// and its newline to `output`.
  public func append(_ decision: Decision, index: Int, explain: Bool, to output: inout [UInt8]) {
    output += #"{"index":"#
    Self.appendDecimal(index, to: &output)
    output += heads[2 * Self.slot(of: decision.method) + (decision.allowed ? 1 : 0)]
    JSONValue.writeQuoted(decision.path, to: &output)
    if let version, version.version == decision.rulesVersion {
      output += version.bytes
    } else {
      var bytes: [UInt8] = []
      bytes += #","rulesVersion":"#
      Self.appendDecimal(decision.rulesVersion.rawValue, to: &bytes)
      bytes += #","error":"#
      version = (decision.rulesVersion, bytes)
      output += bytes
    }
    if let error = decision.error {
      output += #"{"status":"#
      Self.appendDecimal(error.status, to: &output)
      output += #","message":"#
      JSONValue.writeQuoted(error.message, to: &output)
      output += #"},"reason":"#
    } else {
      output += #"null,"reason":"#
    }
    appendReason(decision.reason, to: &output)
    // By index: each element is passed where it lies, not copied out (and released) first.
    for position in decision.trace.indices {
      if position > 0 { output += "," }
      appendBlock(decision.trace[position], explain: explain, to: &output)
    }
    output += tail
  }

  /// Appends `reason`, then `,"trace":[`.
  private func appendReason(_ reason: DecisionReason, to output: inout [UInt8]) {
    switch reason {
    case .granted(_, let statement):
      if let cached = grantedBytes[statement] {
        output += cached
        return
      }
      var bytes: [UInt8] = []
      bytes += #"{"kind":"granted","statement":"#
      appendRange(statement, to: &bytes)
      bytes += #"},"trace":["#
      grantedBytes[statement] = bytes
      output += bytes
    case .noMatchingBlock: output += #"{"kind":"no-matching-block"},"trace":["#
    case .noGrantingAllow: output += #"{"kind":"no-granting-allow"},"trace":["#
    case .versionOneList: output += #"{"kind":"version-1-list"},"trace":["#
    case .updateOfMissingObject: output += #"{"kind":"update-of-missing-object"},"trace":["#
    case .limitExceeded(let message, let at):
      output += #"{"kind":"limit-exceeded","message":"#
      JSONValue.writeQuoted(message, to: &output)
      output += #","range":"#
      appendRange(at, to: &output)
      output += #"},"trace":["#
    }
  }

  private func appendBlock(_ block: BlockTrace, explain: Bool, to output: inout [UInt8]) {
    let names: [[UInt8]]
    if let head = blockHeads[block.block], head.range == block.range, head.pattern == block.pattern {
      output += head.bytes
      names = head.names
    } else {
      var head: [UInt8] = []
      head += #"{"pattern":"#
      JSONValue.writeQuoted(block.pattern, to: &head)
      head += #","range":"#
      appendRange(block.range, to: &head)
      head += #","bindings":{"#
      names = block.bindings.indices.map { position in
        var bytes: [UInt8] = position > 0 ? [UInt8(ascii: ",")] : []
        JSONValue.writeQuoted(block.bindings[position].name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        return bytes
      }
      blockHeads[block.block] = (block.pattern, block.range, head, names)
      output += head
    }
    for position in block.bindings.indices {
      // The same block (number, range and pattern) has the same wildcard names.
      if position < names.count {
        output += names[position]
      } else {
        if position > 0 { output += "," }
        JSONValue.writeQuoted(block.bindings[position].name, to: &output)
        output += ":"
      }
      appendDisplay(block.bindings[position].value, to: &output)
    }
    output += #"},"allows":["#
    for position in block.allows.indices {
      if position > 0 { output += "," }
      appendAllow(block.allows[position], explain: explain, to: &output)
    }
    output += "]}"
  }

  private func appendAllow(_ allow: AllowTrace, explain: Bool, to output: inout [UInt8]) {
    let statement: (open: [UInt8], isTrue: [UInt8], isFalse: [UInt8])
    if let cached = statementBytes[allow.range] {
      statement = cached
    } else {
      // `{"statement":…,"range":…` is the same for every decision.
      var bytes: [UInt8] = []
      bytes += #"{"statement":"#
      bytes += Array(document.statement(allow.range).serialized(.compact).utf8)
      bytes += #","range":"#
      appendRange(allow.range, to: &bytes)
      var isTrue = bytes
      isTrue += #","result":true}"#
      var isFalse = bytes
      isFalse += #","result":false}"#
      statement = (bytes, isTrue, isFalse)
      statementBytes[allow.range] = statement
    }
    if !explain {
      switch allow.outcome {
      case .unconditional, .value(true):
        output += statement.isTrue
        return
      case .value(false):
        output += statement.isFalse
        return
      default: break
      }
    }
    output += statement.open
    switch allow.outcome {
    case .unconditional, .value(true): output += #","result":true"#
    case .value(false): output += #","result":false"#
    case .notBoolean(let type):
      output += #","result":"error","error":"#
      JSONValue.writeQuoted(AllowTrace.Outcome.notBooleanMessage(type), to: &output)
    case .error(let message):
      output += #","result":"error","error":"#
      JSONValue.writeQuoted(message, to: &output)
    case .skipped: output += #","result":"not-evaluated""#
    }
    if explain {
      output += #","values":["#
      for (position, traced) in ExplainValues.distinct(allow.values).enumerated() {
        if position > 0 { output += "," }
        output += #"{"range":"#
        appendRange(traced.range, to: &output)
        output += #","value":"#
        JSONValue.writeQuoted(traced.value.displayText(maximumBytes: Value.displayByteLimit), to: &output)
        output += "}"
      }
      output += "]"
    }
    output += "}"
  }

  /// `value.displayText(maximumBytes: Value.displayByteLimit)` as a JSON string. The usual
  /// bindings, strings and paths of plain text well under the limit, are written without
  /// building the text first: a string shows as `'text'`, a path as `/a/b` (`/` when empty).
  /// They are written as they are checked; any other value, or one that turns out not to be
  /// plain or to be too long, is taken back and written from its display text.
  private func appendDisplay(_ value: Value, to output: inout [UInt8]) {
    let start = output.count
    switch value {
    case .string(let text):
      output += #""'"#
      if PlainText.appendIfPlain(text, quote: true, to: &output),
        output.count - start <= Value.displayByteLimit
      {
        output += #"'""#
        return
      }
    case .path(let path):
      output += "\""
      var plain = true
      for segment in path.segments where plain {
        output += "/"
        plain = PlainText.appendIfPlain(segment, quote: false, to: &output)
      }
      // The display's length is a `/` and the bytes of each segment.
      if plain, output.count - start - 1 <= Value.displayByteLimit {
        output += path.segments.isEmpty ? #"/""# : "\""
        return
      }
    default:
      break
    }
    output.removeLast(output.count - start)
    JSONValue.writeQuoted(value.displayText(maximumBytes: Value.displayByteLimit), to: &output)
  }

  private func appendRange(_ range: SourceRange, to output: inout [UInt8]) {
    if let cached = rangeBytes[range] {
      output += cached
      return
    }
    let bytes = Array(document.range(range).serialized(.compact).utf8)
    rangeBytes[range] = bytes
    output += bytes
  }

  /// The decimal spelling of `value`, as `String(value)` writes it.
  static func appendDecimal(_ value: Int, to output: inout [UInt8]) {
    if value < 0 {
      output.append(contentsOf: String(value).utf8)
      return
    }
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
      (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    guard value >= 10 else {
      output.append(UInt8(ascii: "0") + UInt8(value))
      return
    }
    guard value < 10_000_000_000 else {
      output.append(contentsOf: String(value).utf8)
      return
    }
    var remaining = value
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      while remaining > 0 {
        buffer[9 - count] = UInt8(ascii: "0") + UInt8(remaining % 10)
        remaining /= 10
        count += 1
      }
      // As a typed buffer, copied at once (a slice of raw bytes is appended one by one); the
      // tuple's memory is bound to `UInt8`.
      output.append(
        contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(10 - count)...]).assumingMemoryBound(
          to: UInt8.self))
    }
  }
}

extension [UInt8] {
  /// Appends the UTF-8 bytes of the literal `text` (copied as one block; a `String`'s
  /// `utf8` view is appended through the generic path, which costs more than the copy).
  fileprivate static func += (output: inout [UInt8], text: StaticString) {
    text.withUTF8Buffer { output.append(contentsOf: $0) }
  }
}
