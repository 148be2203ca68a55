import RulesSyntax

/// The ranges the formatter copies as written: every match path and every outermost path
/// literal of a parsed file, sorted by offset.
///
/// Walks the tree with an explicit stack, so deep expressions cost no call depth.
enum VerbatimRanges {
  static func of(_ file: RulesFile) -> [SourceRange] {
    var ranges: [SourceRange] = []
    var statements = file.statements.reversed() as [Statement]
    var expressions: [Expression] = []
    while let statement = statements.popLast() {
      switch statement.kind {
      case .service(let service): statements.append(contentsOf: service.body.reversed())
      case .match(let block):
        ranges.append(block.pattern.range)
        statements.append(contentsOf: block.body.reversed())
      case .allow(let allow): if let condition = allow.condition { expressions.append(condition) }
      case .function(let function):
        for item in function.body {
          switch item.kind {
          case .letBinding(_, let value): expressions.append(value)
          case .returnStatement(let value): expressions.append(value)
          }
        }
      case .version, .importDeclaration, .missing: break
      }
    }
    while let expression = expressions.popLast() {
      if case .path = expression.kind {
        ranges.append(expression.range)
        continue
      }
      expression.forEachChild { expressions.append($0) }
    }
    ranges.sort { $0.start < $1.start }
    return ranges
  }
}
