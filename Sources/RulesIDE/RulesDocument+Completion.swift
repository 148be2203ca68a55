import RulesSemantics
import RulesSyntax

extension RulesDocument {
  /// The candidates at `offset`, for the word being typed there (``CompletionCandidate/replacementRange``):
  /// after `.`, the fields of `request`/`resource`/token claims, the methods of the receiver's type
  /// (every method when it is not known) or a namespace's functions; after `allow` or `,` in its
  /// list, the methods; at the start of a statement, the keywords that fit the block; elsewhere
  /// in an expression, the wildcards, parameters, `let`s and functions in scope, the globals, the
  /// namespaces and the built-in functions. Candidates whose label does not contain the typed
  /// letters in order (ignoring case) are left out. Empty inside comments and strings.
  public func completions(at offset: Int) -> [CompletionCandidate] {
    let offset = clamp(offset)
    guard !isInComment(offset) else { return [] }
    let scan = TokenScan(source, offset: offset)
    guard !scan.isInString else { return [] }
    let found = candidates(scan, offset: offset)
    let typed = source.text(scan.prefixRange)
    return found.filter { Self.fuzzyMatches(typed, $0.label) }
  }

  private func candidates(_ scan: TokenScan, offset: Int) -> [CompletionCandidate] {
    let range = scan.prefixRange
    var list = CandidateList(range: range)
    let tokens = scan.tokens
    guard let previous = tokens.last else {
      keywords(for: .file, into: &list)
      return list.items
    }
    if previous.kind == .dot {
      let receiver = ReceiverChain(tokens: tokens, source: source).expression(endingAt: tokens.count - 2)
      members(of: receiver, context: context(at: offset), into: &list)
      return list.items
    }
    if let listed = scan.allowMethodsBefore {
      for method in AccessMethod.allCases where !listed.contains(method.rawValue) {
        let covered = method.requestMethods(in: version).map(\.rawValue).sorted().joined(separator: ", ")
        list.add(
          method.rawValue, .keyword, detail: covered,
          documentation: KeywordDocumentation.markdown(method: method, version: version), rank: 0)
      }
      return list.items
    }
    if scan.followsAllowColon {
      list.add(
        "if", .keyword, documentation: KeywordDocumentation.markdown(keyword: "if", version: version), rank: 0
      )
      return list.items
    }
    switch scan.text(previous) {
    case "service" where previous.kind == .identifier:
      list.add("firebase.storage", .value, detail: "Cloud Storage rules", rank: 0)
      return list.items
    case "is" where previous.kind == .identifier:
      for name in ValueType.typeTestNames.keys.sorted() where name != "constraint" && name != "vector" {
        list.add(name, .typeName, rank: 0)
      }
      return list.items
    case "match" where previous.kind == .identifier:
      return list.items
    case "=" where tokens.count >= 2 && scan.text(tokens[tokens.count - 2]) == "rules_version":
      list.add("'2'", .value, detail: "version 2", rank: 0)
      return list.items
    default:
      break
    }
    if scan.isStatementStart {
      keywords(for: scan.block, into: &list)
      return list.items
    }
    names(context(at: offset), before: offset, into: &list)
    return list.items
  }

  /// The statement keywords of a block.
  private func keywords(for block: BlockKind, into list: inout CandidateList) {
    func keyword(_ word: String, label: String? = nil, insert: String? = nil) {
      list.add(
        label ?? word, .keyword,
        documentation: KeywordDocumentation.markdown(keyword: word, version: version),
        insertText: insert, rank: 0)
    }
    switch block {
    case .file:
      if ruleset.versionDeclaration == nil { keyword("rules_version", label: "rules_version = '2';") }
      keyword("service", label: "service firebase.storage")
      keyword("function")
    case .service:
      keyword("match", label: "match /b/{bucket}/o")
      keyword("match")
      keyword("function")
    case .match:
      keyword("allow")
      keyword("match")
      keyword("function")
    case .function:
      keyword("let")
      keyword("return")
    }
  }

  /// Whether `label` holds the letters of `typed` in order, ignoring ASCII case.
  static func fuzzyMatches(_ typed: String, _ label: String) -> Bool {
    var letters = typed.utf8.makeIterator()
    var wanted = letters.next()
    for byte in label.utf8 {
      guard let current = wanted else { return true }
      if byte.lowercasedASCII == current.lowercasedASCII { wanted = letters.next() }
    }
    return wanted == nil
  }
}

extension UInt8 {
  var lowercasedASCII: UInt8 { (0x41...0x5A).contains(self) ? self + 0x20 : self }
}

/// Candidates being gathered, each label once, all replacing the same range.
struct CandidateList {
  let range: SourceRange
  private(set) var items: [CompletionCandidate] = []
  private var labels: Set<String> = []

  init(range: SourceRange) { self.range = range }

  /// Adds a candidate unless its label is there already; lower ranks sort first.
  mutating func add(
    _ label: String, _ kind: CompletionKind, detail: String? = nil, documentation: String? = nil,
    insertText: String? = nil, rank: Int
  ) {
    guard labels.insert(label).inserted else { return }
    items.append(
      CompletionCandidate(
        label: label, kind: kind, detail: detail, documentation: documentation, insertText: insertText,
        sortText: "\(rank)_\(label)", replacementRange: range))
  }
}
