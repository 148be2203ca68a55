/// Renders a parsed file as an indented S-expression, for `rulescheck dump-ast` and golden tests.
public struct ASTDump {
  /// Whether each node is followed by its byte range, as `@start..<end`.
  public var includeRanges: Bool
  private var lines: [String] = []
  private var indent = 0

  public init(includeRanges: Bool = false) {
    self.includeRanges = includeRanges
  }

  /// The dump of `file`, one node per line.
  public static func render(_ file: RulesFile, includeRanges: Bool = false) -> String {
    var dump = ASTDump(includeRanges: includeRanges)
    dump.emit("file", nil)
    dump.nested { dump in for statement in file.statements { dump.statement(statement) } }
    return dump.lines.joined(separator: "\n") + "\n"
  }

  /// The one-line dump of an expression, as used in statement lines.
  public static func render(_ expression: Expression) -> String {
    var dump = ASTDump()
    return dump.inline(expression)
  }

  private mutating func emit(_ text: String, _ range: SourceRange?) {
    let suffix = includeRanges && range != nil ? " @\(range!)" : ""
    lines.append(String(repeating: "  ", count: indent) + text + suffix)
  }

  private mutating func nested(_ body: (inout ASTDump) -> Void) {
    indent += 1
    body(&self)
    indent -= 1
  }

  private mutating func statement(_ statement: Statement) {
    switch statement.kind {
    case .version(let version):
      emit("\(version.keyword.rawValue) \(version.value.map(quoted) ?? "<missing>")", statement.range)
    case .service(let service):
      emit("service \(service.name.name)", statement.range)
      nested { dump in for child in service.body { dump.statement(child) } }
    case .match(let block):
      emit("match \(Self.render(block.pattern))", statement.range)
      nested { dump in for child in block.body { dump.statement(child) } }
    case .allow(let allow):
      let methods = allow.methods.map(\.name).joined(separator: ", ")
      let condition = allow.condition.map { ": if \(inline($0))" } ?? ""
      emit("allow \(methods)\(condition)", statement.range)
    case .function(let function):
      let parameters = function.parameters.map(\.name).joined(separator: ", ")
      emit("function \(function.name.name)(\(parameters))", statement.range)
      nested { dump in
        for item in function.body {
          switch item.kind {
          case .letBinding(let name, let value):
            dump.emit("let \(name.name) = \(dump.inline(value))", item.range)
          case .returnStatement(let value):
            dump.emit("return \(dump.inline(value))", item.range)
          }
        }
      }
    case .importDeclaration:
      emit("import", statement.range)
    case .missing:
      emit("<missing statement>", statement.range)
    }
  }

  /// A match path in source spelling.
  public static func render(_ pattern: PathPattern) -> String {
    if pattern.segments.isEmpty { return "<missing path>" }
    return pattern.segments.map { segment in
      switch segment.kind {
      case .literal(let text): "/" + text
      case .wildcard(let name): "/{\(name)}"
      case .recursiveWildcard(let name): "/{\(name)=**}"
      }
    }.joined()
  }

  private mutating func inline(_ expression: Expression) -> String {
    let body: String
    switch expression.kind {
    case .null: body = "null"
    case .bool(let value): body = String(value)
    case .integer(let value): body = String(value)
    case .float(let value): body = "\(value)f"
    case .string(let value): body = quoted(value)
    case .bytes(let value): body = "b'" + value.map { "\\x" + hex($0) }.joined() + "'"
    case .list(let elements): body = "[" + elements.map { inline($0) }.joined(separator: ", ") + "]"
    case .map(let entries):
      body = "{" + entries.map { "\(inline($0.key)): \(inline($0.value))" }.joined(separator: ", ") + "}"
    case .path(let path):
      body = "(path " + path.segments.map { segment in
        switch segment.kind {
        case .text(let text): "/" + text
        case .binding(let name): "/{\(name)}"
        case .interpolation(let inner): "/$(\(inline(inner)))"
        }
      }.joined() + ")"
    case .identifier(let name): body = name
    case .member(let base, let name): body = "(. \(inline(base)) \(name.name))"
    case .call(let callee, let arguments):
      body = "(call \(inline(callee))" + arguments.map { " " + inline($0) }.joined() + ")"
    case .index(let base, let index): body = "(index \(inline(base)) \(inline(index)))"
    case .range(let base, let lower, let upper):
      body = "(range \(inline(base)) \(lower.map { inline($0) } ?? "_") \(upper.map { inline($0) } ?? "_"))"
    case .unary(let op, let operand): body = "(\(op.rawValue) \(inline(operand)))"
    case .binary(let op, let left, let right): body = "(\(op.spelling) \(inline(left)) \(inline(right)))"
    case .isType(let value, let type): body = "(is \(inline(value)) \(type.name))"
    case .ternary(let condition, let then, let otherwise):
      body = "(?: \(inline(condition)) \(inline(then)) \(inline(otherwise)))"
    case .missing: body = "<missing>"
    }
    return includeRanges ? body + "@\(expression.range)" : body
  }

  private func quoted(_ text: String) -> String {
    var result = "'"
    for scalar in text.unicodeScalars {
      switch scalar {
      case "'": result += "\\'"
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if scalar.value < 0x20 {
          result += "\\x" + hex(UInt8(scalar.value))
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "'"
  }

  private func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
  }
}
