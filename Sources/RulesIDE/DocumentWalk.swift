import RulesSyntax

/// Walks a file's statements with the names visible at each, calling back for every match,
/// allow and function and for every expression root (conditions, `let` values, returns).
struct DocumentWalk {
  /// Called for each statement with the context it sits in.
  var statement: (Statement, NameContext) -> Void = { _, _ in }
  /// Called for each expression root with the context it is evaluated in.
  var expression: (Expression, NameContext) -> Void = { _, _ in }
  /// Maps a function's name offset to its index in `CheckedRuleset.functions`.
  let functionIndex: [Int: Int]

  func walk(_ statements: [Statement], _ context: NameContext) {
    var context = context
    // Functions are visible in the whole body they are declared in, before and after.
    for statement in statements {
      if case .function(let declaration) = statement.kind,
        let index = functionIndex[declaration.name.range.start]
      {
        context.functions.append(index)
      }
    }
    for statement in statements {
      self.statement(statement, context)
      switch statement.kind {
      case .service(let service):
        walk(service.body, context)
      case .match(let block):
        walk(block.body, context.entering(block.pattern))
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
}
