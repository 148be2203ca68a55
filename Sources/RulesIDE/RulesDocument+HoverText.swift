import RulesSemantics
import RulesSyntax

/// The hover texts of user-declared names and namespaces.
extension RulesDocument {
  func functionInfo(_ function: Int, range: SourceRange) -> HoverInfo? {
    guard function < ruleset.functions.count else { return nil }
    let declaration = ruleset.functions[function].declaration
    let calls = index.useCounts[.function(function)] ?? 0
    var markdown = "```rules\n\(declarationLine(declaration))\n```\n"
    markdown +=
      declaration.parameters.isEmpty
      ? "A function with no parameters"
      : "Parameters: " + declaration.parameters.map { "`\($0.name)`" }.joined(separator: ", ")
    markdown += "; declared on line \(source.lineIndex.line(of: declaration.name.range.start))"
    markdown += calls == 1 ? ", called once." : ", called \(calls) times."
    return HoverInfo(range: range, markdown: markdown)
  }

  func parameterInfo(function: Int, index position: Int, range: SourceRange) -> HoverInfo? {
    guard function < ruleset.functions.count else { return nil }
    let declaration = ruleset.functions[function].declaration
    guard position < declaration.parameters.count else { return nil }
    let name = declaration.parameters[position].name
    let markdown =
      "```rules\n(parameter) \(name)\n```\nParameter \(position + 1) of `\(signature(declaration))`; "
      + "its type is whatever the caller passes."
    return HoverInfo(range: range, markdown: markdown)
  }

  func letInfo(function: Int, index position: Int, range: SourceRange) -> HoverInfo? {
    guard function < ruleset.functions.count else { return nil }
    let declaration = ruleset.functions[function].declaration
    var seen = 0
    for statement in declaration.body {
      guard case .letBinding(let name, let value) = statement.kind else { continue }
      defer { seen += 1 }
      guard seen == position else { continue }
      var context = context(at: value.range.start)
      context.function = function
      let type = ValueTyping(ruleset: ruleset, context: context).infer(value).type
      var markdown = "```rules\nlet \(name.name) = \(Self.shortened(source.text(value.range)))\n```\n"
      markdown += "A `let` binding in `\(signature(declaration))`"
      markdown += type == .unknown ? "." : ", of type `\(TypeText.show(type))`."
      markdown +=
        " Evaluated only when read" + (version == .v2 ? "." : "; `let` needs `rules_version = '2'`.")
      return HoverInfo(range: range, markdown: markdown)
    }
    return nil
  }

  func wildcardInfo(_ segment: PathSegment, range: SourceRange) -> HoverInfo? {
    guard let name = segment.variableName, !name.isEmpty else { return nil }
    let pattern = ruleset.matches.first { $0.block.pattern.range.contains(segment.range.start) }
    let place = pattern.map { " Declared in `match \(source.text($0.block.pattern.range))`." } ?? ""
    let markdown: String
    if segment.isRecursive {
      let extent =
        version == .v2 ? "zero or more segments" : "one or more segments (version 1: last segment only)"
      markdown =
        "```rules\n{\(name)=**}: path\n```\nA recursive wildcard: matches \(extent) and binds them as a "
        + "**path** (compare with `\(name) == path('…')` or read segments with `\(name)[0]`).\(place)"
    } else {
      markdown =
        "```rules\n{\(name)}: string\n```\nA wildcard: matches exactly one path segment and binds it as a "
        + "**string**.\(place)"
    }
    return HoverInfo(range: range, markdown: markdown)
  }

  func namespaceInfo(_ namespace: String, _ range: SourceRange) -> HoverInfo? {
    let members = BuiltinFunctionID.allCases.filter { $0.namespace == namespace }
    guard !members.isEmpty else { return nil }
    let lines = members.map(BuiltinDocumentation.signature(of:)).joined(separator: "\n")
    return HoverInfo(range: range, markdown: "The `\(namespace)` namespace.\n```rules\n\(lines)\n```")
  }

  /// `name(a, b)`.
  func signature(_ declaration: FunctionDeclaration) -> String {
    "\(declaration.name.name)(\(declaration.parameters.map(\.name).joined(separator: ", ")))"
  }

  /// The declaration's first line as written, trimmed, or `function name(a, b)`.
  func declarationLine(_ declaration: FunctionDeclaration) -> String {
    var line = source.lineText(containing: declaration.name.range.start).trimmingWhitespace()
    if line.hasSuffix("{") { line = String(line.dropLast()).trimmingWhitespace() }
    return line.hasPrefix("function") && line.hasSuffix(")") ? line : "function \(signature(declaration))"
  }
}
