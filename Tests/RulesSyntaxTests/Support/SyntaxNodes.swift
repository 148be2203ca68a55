import RulesSyntax

/// Every node of a parsed file with a label and its range, for range assertions.
///
/// Labels name what the range covers: statement kinds (`match`, `allow`, …), their parts
/// (`match-keyword`, `pattern`, `segment`, `wildcard-name`, `method`, `parameter`, …) and
/// expression kinds (`identifier`, `member`, `call`, `binary`, `path-segment`, …).
struct SyntaxNodes {
  struct Node: Equatable, CustomStringConvertible {
    var label: String
    var range: SourceRange
    /// The range of the node this one belongs to; nil at the top.
    var parent: SourceRange?

    var description: String { "\(label)@\(range)" }
  }

  private(set) var nodes: [Node] = []
  /// Nodes still to visit. A work list rather than recursion: the walk runs on small stacks over
  /// trees as deep as the parser allows.
  private var pending: [(node: Pending, parent: SourceRange?)] = []

  private enum Pending {
    case statement(Statement)
    case expression(Expression)
  }

  init(_ file: RulesFile) {
    pending = file.statements.reversed().map { (.statement($0), nil) }
    while let (node, parent) = pending.popLast() {
      switch node {
      case .statement(let statement): add(statement, parent: parent)
      case .expression(let expression): add(expression, parent: parent)
      }
    }
  }

  private mutating func visit(_ statements: [Statement], parent: SourceRange) {
    pending += statements.reversed().map { (.statement($0), parent) }
  }

  private mutating func visit(_ expressions: [Expression], parent: SourceRange) {
    pending += expressions.reversed().map { (.expression($0), parent) }
  }

  /// The labels of the nodes spanning exactly `range`.
  func labels(at range: SourceRange) -> [String] {
    nodes.filter { $0.range == range }.map(\.label)
  }

  private mutating func record(_ label: String, _ range: SourceRange, _ parent: SourceRange?) {
    nodes.append(Node(label: label, range: range, parent: parent))
  }

  private mutating func add(_ statement: Statement, parent: SourceRange?) {
    let range = statement.range
    switch statement.kind {
    case .version(let version):
      record("version", range, parent)
      record("version-keyword", version.keywordRange, range)
      record("version-value", version.valueRange, range)
    case .service(let service):
      record("service", range, parent)
      record("service-name", service.name.range, range)
      visit(service.body, parent: range)
    case .match(let block):
      record("match", range, parent)
      record("match-keyword", block.keywordRange, range)
      record("pattern", block.pattern.range, range)
      for segment in block.pattern.segments {
        record("segment", segment.range, block.pattern.range)
        if let nameRange = segment.nameRange { record("wildcard-name", nameRange, segment.range) }
      }
      visit(block.body, parent: range)
    case .allow(let allow):
      record("allow", range, parent)
      record("allow-keyword", allow.keywordRange, range)
      for method in allow.methods { record("method", method.range, range) }
      if let condition = allow.condition { visit([condition], parent: range) }
    case .function(let function):
      record("function", range, parent)
      record("function-name", function.name.range, range)
      for parameter in function.parameters { record("parameter", parameter.range, range) }
      record("function-body", function.bodyRange, range)
      for item in function.body {
        switch item.kind {
        case .letBinding(let name, let value):
          record("let", item.range, function.bodyRange)
          record("let-keyword", item.keywordRange, item.range)
          record("let-name", name.range, item.range)
          visit([value], parent: item.range)
        case .returnStatement(let value):
          record("return", item.range, function.bodyRange)
          record("return-keyword", item.keywordRange, item.range)
          visit([value], parent: item.range)
        }
      }
    case .importDeclaration(let declaration):
      record("import", range, parent)
      record("import-keyword", declaration.keywordRange, range)
    case .missing:
      record("missing-statement", range, parent)
    }
  }

  private mutating func add(_ expression: Expression, parent: SourceRange?) {
    let here = expression.range
    let label: String
    var children: [Expression] = []
    switch expression.kind {
    case .null: label = "null"
    case .bool: label = "bool"
    case .integer: label = "int"
    case .float: label = "float"
    case .string: label = "string"
    case .bytes: label = "bytes"
    case .identifier: label = "identifier"
    case .missing: label = "missing"
    case .list(let elements):
      label = "list"
      children = elements
    case .map(let entries):
      label = "map"
      children = entries.flatMap { [$0.key, $0.value] }
    case .path(let path):
      label = "path"
      for segment in path.segments {
        record("path-segment", segment.range, here)
        if case .interpolation(let inner) = segment.kind { visit([inner], parent: segment.range) }
      }
    case .member(let base, let name):
      label = "member"
      record("member-name", name.range, here)
      children = [base]
    case .call(let callee, let arguments):
      label = "call"
      children = [callee] + arguments
    case .index(let base, let index):
      label = "index"
      children = [base, index]
    case .range(let base, let lower, let upper):
      label = "range"
      children = [base] + [lower, upper].compactMap { $0 }
    case .unary(_, let operand):
      label = "unary"
      children = [operand]
    case .binary(_, let left, let right):
      label = "binary"
      children = [left, right]
    case .isType(let value, let typeName):
      label = "is"
      record("type-name", typeName.range, here)
      children = [value]
    case .ternary(let condition, let then, let otherwise):
      label = "ternary"
      children = [condition, then, otherwise]
    }
    record(label, here, parent)
    visit(children, parent: here)
  }
}
