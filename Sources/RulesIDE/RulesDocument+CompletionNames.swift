import RulesSemantics
import RulesSyntax

/// Completion of members after `.` and of the names in scope.
extension RulesDocument {
  /// The fields, methods or namespace functions of `receiver`.
  func members(of receiver: Expression, context: NameContext, into list: inout CandidateList) {
    let known = ValueTyping(ruleset: ruleset, context: context).infer(receiver)
    if case .namespace(let namespace) = known.type {
      for function in BuiltinFunctionID.allCases where function.namespace == namespace {
        list.add(
          function.name, .function, detail: BuiltinDocumentation.signature(of: function),
          documentation: BuiltinDocumentation.functions[function.description], rank: 0)
      }
      return
    }
    if let path = known.path {
      for field in FieldCatalogue.childrenByParent[path] ?? [] {
        list.add(field.name, .field, detail: field.shownType, documentation: field.markdown, rank: 0)
      }
    }
    let receiverType = TypeText.exact(known.type)
    let methods: [String]
    if let receiverType {
      methods = (BuiltinCatalogue.methods[receiverType] ?? [:]).keys.sorted()
    } else {
      methods = BuiltinCatalogue.allMethodNames.sorted()
    }
    for name in methods {
      let signatures = BuiltinDocumentation.signatures(ofMethod: name)
      let own =
        receiverType.map { type in signatures.filter { $0.hasPrefix(type.rawValue + ".") } } ?? signatures
      list.add(
        name, .method, detail: own.first ?? signatures.first,
        documentation: BuiltinDocumentation.markdown(method: name, receiver: receiverType), rank: 1)
    }
  }

  /// The names usable in an expression at `offset`.
  func names(_ context: NameContext, before offset: Int, into list: inout CandidateList) {
    if let function = context.function, function < ruleset.functions.count {
      let declaration = ruleset.functions[function].declaration
      for statement in declaration.body where statement.range.end <= offset {
        if case .letBinding(let name, let value) = statement.kind, !name.name.isEmpty {
          list.add(name.name, .variable, detail: "let = " + Self.shortened(source.text(value.range)), rank: 0)
        }
      }
      for parameter in declaration.parameters where !parameter.name.isEmpty {
        list.add(parameter.name, .variable, detail: "parameter of \(signature(declaration))", rank: 0)
      }
    }
    for (name, segment) in context.visibleWildcards.sorted(by: { $0.key < $1.key }) {
      list.add(
        name, .wildcard,
        detail: segment.isRecursive ? "path (wildcard {\(name)=**})" : "string (wildcard {\(name)})",
        documentation: wildcardInfo(segment, range: segment.range)?.markdown, rank: 0)
    }
    for function in context.functions.reversed() where function < ruleset.functions.count {
      let declaration = ruleset.functions[function].declaration
      guard !declaration.name.name.isEmpty else { continue }
      list.add(
        declaration.name.name, .function, detail: "function " + signature(declaration),
        documentation: functionInfo(function, range: declaration.name.range)?.markdown, rank: 1)
    }
    for global in ["request", "resource"] {
      if let field = FieldCatalogue.byPath[global] {
        list.add(global, .variable, detail: field.shownType, documentation: field.markdown, rank: 1)
      }
    }
    for namespace in ["math", "timestamp", "duration", "latlng", "hashing", "firestore"] {
      list.add(
        namespace, .namespace, detail: "namespace",
        documentation: namespaceInfo(namespace, .empty(at: 0))?.markdown, rank: 2)
    }
    for function in BuiltinFunctionID.allCases where function.namespace == nil {
      list.add(
        function.name, .function, detail: BuiltinDocumentation.signature(of: function),
        documentation: BuiltinDocumentation.functions[function.name], rank: 2)
    }
    for literal in ["true", "false", "null"] {
      list.add(literal, .keyword, rank: 3)
    }
  }
}
