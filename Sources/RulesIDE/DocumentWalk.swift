import RulesSyntax

/// Walks a file's statements with the names visible at each, calling back for every match,
/// allow and function and for every expression root (conditions, `let` values, returns).
///
/// Statements come in source order, each before the statements inside it. The walk keeps its
/// own stack, so deeply nested matches take no Swift frame per level.
struct DocumentWalk {
  /// Called for each statement with the context it sits in.
  var statement: (Statement, NameContext) -> Void = { _, _ in }
  /// Called for each expression root with the context it is evaluated in.
  var expression: (Expression, NameContext) -> Void = { _, _ in }
  /// Maps a function's name offset to its index in `CheckedRuleset.functions`.
  let functionIndex: [Int: Int]

  func walk(_ statements: [Statement], _ context: NameContext) {
    var stack = [(statements: statements, next: 0, context: entering(statements, context))]
    while let top = stack.last {
      guard top.next < top.statements.count else {
        stack.removeLast()
        continue
      }
      stack[stack.count - 1].next += 1
      let statement = top.statements[top.next]
      let context = top.context
      self.statement(statement, context)
      switch statement.kind {
      case .service(let service):
        stack.append((service.body, 0, entering(service.body, context)))
      case .match(let block):
        stack.append((block.body, 0, entering(block.body, context.entering(block.pattern))))
      case .allow(let allow):
        if let condition = allow.condition { expression(condition, context) }
      case .function(let declaration):
        var inner = context
        inner.function = functionIndex[declaration.name.range.start]
        for body in declaration.body {
          switch body.kind {
          case .letBinding(_, let value), .returnStatement(let value): expression(value, inner)
          }
        }
      case .version, .importDeclaration, .missing:
        break
      }
    }
  }

  /// `context` with the functions declared directly in `statements`, which are visible in the
  /// whole body, before and after their declaration.
  private func entering(_ statements: [Statement], _ context: NameContext) -> NameContext {
    var context = context
    for statement in statements {
      if case .function(let declaration) = statement.kind,
        let index = functionIndex[declaration.name.range.start]
      {
        context.functions.append(index)
      }
    }
    return context
  }
}
