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
    ASTDump().inline(expression)
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

  // Blocks recurse through statement and children. Debug builds give a function a stack slot for
  // every temporary it uses, so those two build no strings themselves; that keeps
  // `maximumNesting` levels within a 512 KiB secondary-thread stack.

  private mutating func statement(_ statement: Statement) {
    switch statement.kind {
    case .service(let service):
      emitHeader(of: statement)
      children(service.body)
    case .match(let block):
      emitHeader(of: statement)
      children(block.body)
    default:
      emitHeader(of: statement)
    }
  }

  private mutating func children(_ statements: [Statement]) {
    indent += 1
    for child in statements { statement(child) }
    indent -= 1
  }

  /// The statement's own line and, for a function, its body.
  private mutating func emitHeader(of statement: Statement) {
    switch statement.kind {
    case .version(let version):
      emit("\(version.keyword.rawValue) \(version.value.map(quoted) ?? "<missing>")", statement.range)
    case .service(let service):
      emit("service \(service.name.name)", statement.range)
    case .match(let block):
      emit("match \(Self.render(block.pattern))", statement.range)
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
    // Bytes appended to one buffer and made a string once: appending to a string checks and
    // grows it at every piece.
    var text: [UInt8] = []
    text.reserveCapacity(16 * pattern.segments.count)
    for segment in pattern.segments {
      switch segment.kind {
      case .literal(let literal):
        text.append(UInt8(ascii: "/"))
        text.append(contentsOf: literal.utf8)
      case .wildcard(let name):
        text.append(contentsOf: "/{".utf8)
        text.append(contentsOf: name.utf8)
        text.append(contentsOf: (segment.isWrittenWithStar ? "=*}" : "}").utf8)
      case .recursiveWildcard(let name):
        text.append(contentsOf: "/{".utf8)
        text.append(contentsOf: name.utf8)
        text.append(contentsOf: "=**}".utf8)
      }
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// A stretch of an expression's dump: text, or a subexpression still to dump.
  private enum Piece {
    case text(String)
    case expression(Expression)
  }

  private func inline(_ expression: Expression) -> String {
    // A work list rather than recursion, so no nesting the parser accepts can exhaust the stack.
    var text = ""
    var pending: [Piece] = [.expression(expression)]
    while let piece = pending.popLast() {
      switch piece {
      case .text(let piece): text += piece
      case .expression(let expression): pending += pieces(of: expression).reversed()
      }
    }
    return text
  }

  /// The dump of `expression`, in order, with its subexpressions left to dump.
  private func pieces(of expression: Expression) -> [Piece] {
    var pieces: [Piece]
    switch expression.kind {
    case .null: pieces = [.text("null")]
    case .bool(let value): pieces = [.text(String(value))]
    case .integer(let value): pieces = [.text(String(value))]
    case .float(let value): pieces = [.text("\(value)f")]
    case .string(let value): pieces = [.text(quoted(value))]
    case .bytes(let value): pieces = [.text("b'" + value.map { "\\x" + hex($0) }.joined() + "'")]
    case .list(let elements):
      pieces = [.text("[")] + separated(elements.map { [.expression($0)] }, by: ", ") + [.text("]")]
    case .map(let entries):
      let pairs = entries.map { [Piece.expression($0.key), .text(": "), .expression($0.value)] }
      pieces = [.text("{")] + separated(pairs, by: ", ") + [.text("}")]
    case .path(let path):
      pieces = [.text("(path ")]
      for segment in path.segments {
        switch segment.kind {
        case .text(let text): pieces.append(.text("/" + text))
        case .binding(let name): pieces.append(.text("/{\(name)}"))
        case .interpolation(let inner): pieces += [.text("/$("), .expression(inner), .text(")")]
        }
      }
      pieces.append(.text(")"))
    case .identifier(let name): pieces = [.text(name)]
    case .member(let base, let name): pieces = [.text("(. "), .expression(base), .text(" \(name.name))")]
    case .call(let callee, let arguments):
      pieces = [.text("(call "), .expression(callee)]
      for argument in arguments { pieces += [.text(" "), .expression(argument)] }
      pieces.append(.text(")"))
    case .index(let base, let index):
      pieces = [.text("(index "), .expression(base), .text(" "), .expression(index), .text(")")]
    case .range(let base, let lower, let upper):
      let bounds = [lower, upper].map { bound in [bound.map { Piece.expression($0) } ?? .text("_")] }
      pieces = [.text("(range "), .expression(base), .text(" ")] + separated(bounds, by: " ") + [.text(")")]
    case .unary(let op, let operand): pieces = [.text("(\(op.rawValue) "), .expression(operand), .text(")")]
    case .binary(let op, let left, let right):
      pieces = [.text("(\(op.spelling) "), .expression(left), .text(" "), .expression(right), .text(")")]
    case .isType(let value, let type): pieces = [.text("(is "), .expression(value), .text(" \(type.name))")]
    case .ternary(let condition, let then, let otherwise):
      pieces = [.text("(?: "), .expression(condition), .text(" "), .expression(then), .text(" ")]
      pieces += [.expression(otherwise), .text(")")]
    case .missing: pieces = [.text("<missing>")]
    }
    if includeRanges { pieces.append(.text("@\(expression.range)")) }
    return pieces
  }

  private func separated(_ groups: [[Piece]], by separator: String) -> [Piece] {
    var pieces: [Piece] = []
    for (index, group) in groups.enumerated() {
      if index > 0 { pieces.append(.text(separator)) }
      pieces += group
    }
    return pieces
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
