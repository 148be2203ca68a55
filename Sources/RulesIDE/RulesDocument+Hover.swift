import RulesSemantics
import RulesSyntax

extension RulesDocument {
  /// What to show on hover at `offset`: the type and meaning of a `request`/`resource` field,
  /// a built-in's signatures, a user function's declaration, a parameter, a `let`, a wildcard
  /// (what it binds), or a keyword or `allow` method (worded for the document's version).
  /// Nil when there is nothing to explain there (whitespace, comments, literals, unknown names).
  public func hover(at offset: Int) -> HoverInfo? {
    let offset = clamp(offset)
    if let found = statementHover(ruleset.file.statements, offset) { return found }
    return keywordHover(at: offset)
  }

  /// Follows the statements holding `offset` down from `statements`, one level per turn (no
  /// Swift frame per nested block), and explains what is under it.
  private func statementHover(_ statements: [Statement], _ offset: Int) -> HoverInfo? {
    var statements = statements
    descending: while true {
      for statement in statements where holds(statement.range, offset) {
        switch statement.kind {
        case .version(let declaration):
          guard Self.near(declaration.keywordRange, offset) else { return nil }
          return keywordInfo(declaration.keyword.rawValue, declaration.keywordRange)
        case .service(let service):
          let word = SourceRange(
            start: statement.range.start, end: min(statement.range.end, statement.range.start + 7))
          if Self.near(word, offset) || Self.near(service.name.range, offset) {
            return keywordInfo("service", Self.near(word, offset) ? word : service.name.range)
          }
          statements = service.body
          continue descending
        case .match(let block):
          if Self.near(block.keywordRange, offset) { return keywordInfo("match", block.keywordRange) }
          for segment in block.pattern.segments where Self.near(segment.range, offset) {
            guard segment.variableName != nil else { return nil }
            return wildcardInfo(segment, range: segment.nameRange ?? segment.range)
          }
          statements = block.body
          continue descending
        case .allow(let allow):
          if Self.near(allow.keywordRange, offset) { return keywordInfo("allow", allow.keywordRange) }
          for method in allow.methods where Self.near(method.range, offset) {
            guard let access = method.method else { return nil }
            return HoverInfo(
              range: method.range, markdown: KeywordDocumentation.markdown(method: access, version: version))
          }
          guard let condition = allow.condition else { return nil }
          return expressionHover(condition, offset, context(at: offset))
        case .function(let declaration):
          return functionHover(declaration, offset)
        case .importDeclaration, .missing:
          return nil
        }
      }
      return nil
    }
  }

  private func functionHover(_ declaration: FunctionDeclaration, _ offset: Int) -> HoverInfo? {
    guard let function = functionIndex[declaration.name.range.start] else { return nil }
    if Self.near(declaration.name.range, offset) {
      return functionInfo(function, range: declaration.name.range)
    }
    for (position, parameter) in declaration.parameters.enumerated() where Self.near(parameter.range, offset)
    {
      return parameterInfo(function: function, index: position, range: parameter.range)
    }
    let context = context(at: offset)
    var letIndex = 0
    for statement in declaration.body {
      defer { if case .letBinding = statement.kind { letIndex += 1 } }
      guard holds(statement.range, offset) else { continue }
      if Self.near(statement.keywordRange, offset) {
        return keywordInfo(source.text(statement.keywordRange), statement.keywordRange)
      }
      switch statement.kind {
      case .letBinding(let name, let value):
        if Self.near(name.range, offset) {
          return letInfo(function: function, index: letIndex, range: name.range)
        }
        if let found = expressionHover(value, offset, context) { return found }
      case .returnStatement(let value):
        if let found = expressionHover(value, offset, context) { return found }
      }
    }
    return nil
  }

  /// Whether `offset` is on `range` or just after it (the cursor after a word).
  static func near(_ range: SourceRange, _ offset: Int) -> Bool {
    !range.isEmpty && range.start <= offset && offset <= range.end
  }

  // MARK: Expressions

  private func expressionHover(_ root: Expression, _ offset: Int, _ context: NameContext) -> HoverInfo? {
    guard Self.near(root.range, offset) else { return nil }
    let typing = ValueTyping(ruleset: ruleset, context: context)
    var node = root
    var isCallee = false
    while true {
      switch node.kind {
      case .identifier(let name) where Self.near(node.range, offset):
        return identifierInfo(name, node.range, isCallee: isCallee, context)
      case .member(let base, let name) where Self.near(name.range, offset):
        return memberInfo(base, name, isCallee: isCallee, typing)
      case .isType(_, let typeName) where Self.near(typeName.range, offset):
        return keywordInfo("is", typeName.range)
      case .call(let callee, let arguments):
        if Self.near(callee.range, offset) {
          node = callee
          isCallee = true
          continue
        }
        guard let argument = arguments.first(where: { Self.near($0.range, offset) }) else { return nil }
        node = argument
      default:
        guard let child = node.children.first(where: { Self.near($0.range, offset) }) else { return nil }
        node = child
      }
      isCallee = false
    }
  }

  private func identifierInfo(
    _ name: String, _ range: SourceRange, isCallee: Bool, _ context: NameContext
  ) -> HoverInfo? {
    if let function = ruleset.resolution.calls[range.start] { return functionInfo(function, range: range) }
    switch ruleset.resolution.names[range.start] {
    case .parameter(let function, let index):
      return parameterInfo(function: function, index: index, range: range)
    case .letBinding(let function, let index): return letInfo(function: function, index: index, range: range)
    case .wildcard: return context.wildcard(name).flatMap { wildcardInfo($0, range: range) }
    case .global(let global):
      if let field = FieldCatalogue.byPath[global] {
        return HoverInfo(range: range, markdown: field.markdown)
      }
      return namespaceInfo(global, range)
    case nil:
      if isCallee, let function = BuiltinFunctionID(namespace: nil, name: name) {
        return HoverInfo(range: range, markdown: BuiltinDocumentation.markdown(function: function))
      }
      return KeywordDocumentation.markdown(keyword: name, version: version).map {
        HoverInfo(range: range, markdown: $0)
      }
    }
  }

  private func memberInfo(
    _ base: Expression, _ name: Identifier, isCallee: Bool, _ typing: ValueTyping
  ) -> HoverInfo? {
    let receiver = typing.infer(base)
    if isCallee {
      if case .namespace(let namespace) = receiver.type {
        return BuiltinFunctionID(namespace: namespace, name: name.name).map {
          HoverInfo(range: name.range, markdown: BuiltinDocumentation.markdown(function: $0))
        }
      }
      return BuiltinDocumentation.markdown(method: name.name, receiver: TypeText.exact(receiver.type)).map {
        HoverInfo(range: name.range, markdown: $0)
      }
    }
    guard let path = typing.field(of: receiver, name.name).path, let field = FieldCatalogue.byPath[path]
    else {
      if receiver.path == "request.auth.token" {
        return HoverInfo(
          range: name.range,
          markdown:
            "```rules\nrequest.auth.token.\(name.name): any\n```\nA custom claim, set with the Admin SDK. "
            + "Reading a claim the token does not have is an error; "
            + "`request.auth.token.get('\(name.name)', default)` is not.")
      }
      if receiver.path == "request.resource", name.name == "timeCreated" || name.name == "updated" {
        return HoverInfo(
          range: name.range,
          markdown:
            "`request.resource` has no `\(name.name)` key: production omits `timeCreated` and `updated` "
            + "on writes, so reading it is an error. Use `request.time` or `resource.\(name.name)`.")
      }
      return nil
    }
    return HoverInfo(range: name.range, markdown: field.markdown)
  }

  private func keywordHover(at offset: Int) -> HoverInfo? {
    let bytes = source.bytes
    var start = offset
    while start > 0, bytes[start - 1].isWordByte { start -= 1 }
    var end = offset
    while end < bytes.count, bytes[end].isWordByte { end += 1 }
    guard start < end, !isInCommentOrString(start) else { return nil }
    let range = SourceRange(start: start, end: end)
    return keywordInfo(source.text(range), range)
  }

  private func keywordInfo(_ word: String, _ range: SourceRange) -> HoverInfo? {
    KeywordDocumentation.markdown(keyword: word, version: version).map {
      HoverInfo(range: range, markdown: $0)
    }
  }

  /// Whether `offset` is inside a comment: a line comment runs to the end of its line, so the
  /// cursor right after it is still in it.
  func isInComment(_ offset: Int) -> Bool {
    ruleset.file.comments.contains {
      $0.range.start < offset && (offset < $0.range.end || (!$0.isBlock && offset == $0.range.end))
    }
  }

  /// Whether `offset` is inside a comment or a string literal.
  func isInCommentOrString(_ offset: Int) -> Bool {
    if isInComment(offset) { return true }
    var lexer = Lexer(bytes: source.bytes)
    while true {
      let token = lexer.next()
      if token.kind == .endOfFile || token.range.start > offset { return false }
      if token.kind == .string || token.kind == .bytes, token.range.start < offset, offset < token.range.end {
        return true
      }
    }
  }
}

extension UInt8 {
  /// A byte of an identifier: a letter, a digit or `_`.
  var isWordByte: Bool {
    (self >= 0x41 && self <= 0x5A) || (self >= 0x61 && self <= 0x7A) || (self >= 0x30 && self <= 0x39)
      || self == 0x5F
  }
}
