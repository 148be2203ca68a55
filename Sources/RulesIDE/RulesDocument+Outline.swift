import RulesSyntax

extension RulesDocument {
  /// The outline: services, their `match` blocks (named by pattern, detailed by the methods
  /// allowed directly inside), each block's `allow` statements (named by methods, detailed by
  /// the condition, shortened) and functions (named with their parameters), nested as written.
  public func symbols() -> [OutlineSymbol] {
    // An explicit stack: a block's symbol is made when its body is done, with the body's
    // symbols as children, so deep nesting takes no Swift frame per level.
    var stack: [(statements: [Statement], next: Int, owner: OutlineSymbol?, symbols: [OutlineSymbol])] = [
      (ruleset.file.statements, 0, nil, [])
    ]
    while let top = stack.last {
      guard top.next < top.statements.count else {
        stack.removeLast()
        guard var owner = top.owner else { return top.symbols }
        owner.children = top.symbols
        stack[stack.count - 1].symbols.append(owner)
        continue
      }
      stack[stack.count - 1].next += 1
      let statement = top.statements[top.next]
      guard let symbol = symbol(statement) else { continue }
      switch statement.kind {
      case .service(let service): stack.append((service.body, 0, symbol, []))
      case .match(let block): stack.append((block.body, 0, symbol, []))
      default: stack[stack.count - 1].symbols.append(symbol)
      }
    }
    return []
  }

  /// The symbol of one statement, without children; nil for statements the outline leaves out.
  private func symbol(_ statement: Statement) -> OutlineSymbol? {
    switch statement.kind {
    case .service(let service):
      let name = service.name.name.isEmpty ? "service" : service.name.name
      return OutlineSymbol(
        name: name, detail: "service", kind: .service, range: statement.range,
        selectionRange: service.name.name.isEmpty ? statement.range : service.name.range)
    case .match(let block):
      let pattern = source.text(block.pattern.range)
      return OutlineSymbol(
        name: pattern.isEmpty ? "match" : pattern, detail: allowedMethods(block.body), kind: .match,
        range: statement.range,
        selectionRange: block.pattern.range.isEmpty ? block.keywordRange : block.pattern.range)
    case .allow(let allow):
      let methods = allow.methods.map(\.name).joined(separator: ", ")
      let selection =
        allow.methods.isEmpty
        ? allow.keywordRange : allow.methods[0].range.union(allow.methods[allow.methods.count - 1].range)
      return OutlineSymbol(
        name: methods.isEmpty ? "allow" : methods,
        detail: allow.condition.map { Self.shortened(source.text($0.range)) } ?? "always",
        kind: .allow, range: statement.range, selectionRange: selection)
    case .function(let declaration):
      let parameters = declaration.parameters.map(\.name).joined(separator: ", ")
      let name = declaration.name.name.isEmpty ? "function" : declaration.name.name
      return OutlineSymbol(
        name: "\(name)(\(parameters))", detail: nil, kind: .function, range: statement.range,
        selectionRange: declaration.name.name.isEmpty ? statement.range : declaration.name.range)
    case .version, .importDeclaration, .missing:
      return nil
    }
  }

  /// The methods allowed directly in a body, in order of first appearance: `read, write`.
  private func allowedMethods(_ body: [Statement]) -> String? {
    var seen: [String] = []
    for statement in body {
      guard case .allow(let allow) = statement.kind else { continue }
      for method in allow.methods where !seen.contains(method.name) { seen.append(method.name) }
    }
    return seen.isEmpty ? nil : seen.joined(separator: ", ")
  }

  /// At most ``maximumDetailLength`` characters of `text`, runs of whitespace made one space.
  static func shortened(_ text: String) -> String {
    var result = ""
    var count = 0
    var pendingSpace = false
    for character in text {
      if character.isWhitespace {
        pendingSpace = !result.isEmpty
        continue
      }
      if pendingSpace {
        result.append(" ")
        count += 1
        pendingSpace = false
      }
      guard count < maximumDetailLength else { return result + "…" }
      result.append(character)
      count += 1
    }
    return result
  }

  /// The longest condition an outline shows in full.
  static let maximumDetailLength = 60
}
