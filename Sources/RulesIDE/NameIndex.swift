import RulesSemantics
import RulesSyntax

/// What a user-declared name is: a function, a parameter, a `let` binding or a wildcard.
enum DeclarationKey: Hashable, Sendable {
  /// A function, by index into `CheckedRuleset.functions`.
  case function(Int)
  case parameter(function: Int, index: Int)
  case letBinding(function: Int, index: Int)
  /// A wildcard, by the offset of its name in the match pattern that declares it.
  case wildcard(Int)
}

/// One place a user-declared name is written: its declaration or a use.
struct NameOccurrence: Sendable {
  let range: SourceRange
  let key: DeclarationKey
  let isDeclaration: Bool
}

/// Every declaration and use of a user-declared name in one document, resolved as semantic
/// analysis resolves them (its ``NameResolution`` for functions, parameters and lets; the
/// innermost enclosing match for wildcards).
struct NameIndex: Sendable {
  /// Declarations and uses, in source order.
  private(set) var occurrences: [NameOccurrence] = []
  /// Where each name is declared.
  private(set) var declarations: [DeclarationKey: SourceRange] = [:]
  /// How many times each name is used (declarations not counted).
  private(set) var useCounts: [DeclarationKey: Int] = [:]

  init(_ ruleset: CheckedRuleset, functionIndex: [Int: Int]) {
    for (index, function) in ruleset.functions.enumerated() {
      let declaration = function.declaration
      declare(.function(index), declaration.name.range)
      for (position, parameter) in declaration.parameters.enumerated() {
        declare(.parameter(function: index, index: position), parameter.range)
      }
      var letIndex = 0
      for statement in declaration.body {
        guard case .letBinding(let name, _) = statement.kind else { continue }
        if !name.name.isEmpty { declare(.letBinding(function: index, index: letIndex), name.range) }
        letIndex += 1
      }
    }
    var uses: [NameOccurrence] = []
    let resolution = ruleset.resolution
    var walk = DocumentWalk(functionIndex: functionIndex)
    walk.statement = { statement, _ in
      guard case .match(let block) = statement.kind else { return }
      for segment in block.pattern.segments where segment.variableName?.isEmpty == false {
        let range = segment.nameRange ?? segment.range
        uses.append(NameOccurrence(range: range, key: .wildcard(range.start), isDeclaration: true))
      }
    }
    walk.expression = { root, context in
      Self.collect(root, context, resolution, into: &uses)
    }
    walk.walk(ruleset.file.statements, NameContext())
    for use in uses {
      if use.isDeclaration { declarations[use.key] = use.range } else { useCounts[use.key, default: 0] += 1 }
    }
    occurrences += uses
    occurrences.sort { $0.range.start < $1.range.start }
  }

  private mutating func declare(_ key: DeclarationKey, _ range: SourceRange) {
    declarations[key] = range
    occurrences.append(NameOccurrence(range: range, key: key, isDeclaration: true))
  }

  /// The uses of names in `expression`, depth first.
  private static func collect(
    _ expression: Expression, _ context: NameContext, _ resolution: NameResolution,
    into uses: inout [NameOccurrence]
  ) {
    var pending = [expression]
    while let node = pending.popLast() {
      if case .identifier(let name) = node.kind {
        let start = node.range.start
        if let function = resolution.calls[start] {
          uses.append(NameOccurrence(range: node.range, key: .function(function), isDeclaration: false))
        } else if let key = key(resolution.names[start], name: name, context) {
          uses.append(NameOccurrence(range: node.range, key: key, isDeclaration: false))
        }
      }
      node.forEachChild { pending.append($0) }
    }
  }

  private static func key(_ resolved: ResolvedName?, name: String, _ context: NameContext) -> DeclarationKey?
  {
    switch resolved {
    case .parameter(let function, let index): .parameter(function: function, index: index)
    case .letBinding(let function, let index): .letBinding(function: function, index: index)
    case .wildcard:
      context.wildcard(name).map { .wildcard(($0.nameRange ?? $0.range).start) }
    case .global, nil: nil
    }
  }

  /// The occurrence whose name holds `offset` or ends right at it (the cursor after a word).
  func occurrence(at offset: Int) -> NameOccurrence? {
    var low = 0
    var high = occurrences.count
    while low < high {
      let mid = (low + high) / 2
      if occurrences[mid].range.start <= offset { low = mid + 1 } else { high = mid }
    }
    // `low` is the first occurrence starting after `offset`; the one before may hold it.
    guard low > 0 else { return nil }
    let candidate = occurrences[low - 1]
    return candidate.range.contains(offset) || candidate.range.end == offset ? candidate : nil
  }

  /// Every occurrence of `key`, in source order.
  func occurrences(of key: DeclarationKey, includeDeclaration: Bool) -> [SourceRange] {
    occurrences.filter { $0.key == key && (includeDeclaration || !$0.isDeclaration) }.map(\.range)
  }
}
