import RulesEvaluator
import RulesSemantics
import RulesSyntax

/// The constants and reads of a ruleset's conditions that shape the probes: sizes and content
/// types checked, token claims and uids compared with literals, custom metadata keys read, and
/// per `allow` what a probe cannot know.
///
/// Contract: one walk over every condition and function body, plus one memoised walk per
/// function for reads; linear in the size of the file.
struct ConditionFacts: Sendable {
  var sizes: Set<Int64> = []
  var contentTypes: [String] = []
  /// Content types guessed from a `type/.*` regex: each stands for its whole media type.
  var contentTypeFamilies: Set<String> = []
  /// Content types the rules name as literals (never read as a whole media type).
  var literalContentTypes: Set<String> = []
  var claims: [AuditIdentity] = []
  var uids: [String] = []
  var metadataKeys: [String] = []
  /// Example values for wildcards a condition tests with `matches` (`fileName` → `A.png`).
  var wildcardExamples: [String: String] = [:]
  /// Reads by the start offset of each `allow` statement's range.
  var reads: [Int: AllowReads] = [:]
  /// The expressions the argument walk counted against its budget (``ArgumentWalk/nodes``).
  private(set) var argumentNodes = 0

  /// No facts.
  init() {}

  /// The facts of `checked`; `skipsInertInstances` false walks every function instance, even
  /// those whose walk records nothing (``FunctionShape``), for tests.
  init(_ checked: CheckedRuleset, skipsInertInstances: Bool = true) {
    let walker = Walker(checked: checked)
    // One walk per condition and function body; the calls with constant arguments it finds
    // are walked after all of them, as the argument walk of each would take them.
    var calls: [ArgumentWalk.Call] = []
    var memo = FunctionReads()
    var unread = AllowReads()
    var shapes: [FunctionShape] = []
    for (index, function) in checked.functions.enumerated() {
      var shape: FunctionShape? = FunctionShape(function: index)
      for statement in function.declaration.body {
        walker.collect(
          ArgumentWalk.value(of: statement), into: &self, reads: &unread, calls: &calls, memo: &memo,
          shape: &shape)
      }
      shapes.append(shape ?? FunctionShape(function: index))
    }
    var none: FunctionShape?
    for match in checked.matches where match.appliesToStorage {
      for statement in match.block.body {
        guard case .allow(let allow) = statement.kind, let condition = allow.condition else { continue }
        var found = AllowReads()
        walker.collect(
          condition, into: &self, reads: &found, reading: true, calls: &calls, memo: &memo, shape: &none)
        reads[statement.range.start] = found
      }
    }
    // Then what functions compare with the constants they are called with (`hasRole('admin')`).
    var arguments = ArgumentWalk(walker: walker, shapes: skipsInertInstances ? shapes : [])
    for call in calls { arguments.walk(call, into: &self) }
    argumentNodes = arguments.nodes
  }

  /// Adds `item` to `list` unless present, keeping at most `limit` entries.
  fileprivate static func add<T: Equatable>(_ item: T, to list: inout [T], limit: Int = 8) {
    if list.count < limit && !list.contains(item) { list.append(item) }
  }
}

/// The walks behind ``ConditionFacts``.
struct Walker {
  let checked: CheckedRuleset
  /// Each distinct text's examples, worked out once (a file repeats the same patterns).
  let examples = ExampleMemo()
  /// Calls are followed as deep as the evaluator goes (deeper calls are an evaluation error in
  /// production): a chain of thousands of calls is walked in bounded stack.
  static let maximumDepth = EvaluationLimits.maximumCallDepth + 1

  init(checked: CheckedRuleset) {
    self.checked = checked
  }

  /// Collects the constants of a member access or an index `expression` itself into `facts`:
  /// only a member or an index can read custom metadata.
  func inspect(chain expression: Expression, into facts: inout ConditionFacts) {
    if let key = ExpressionReading.metadataKey(expression) {
      ConditionFacts.add(key, to: &facts.metadataKeys)
    }
  }

  /// Collects the constants of the string literal `text` into `facts`.
  func inspect(string text: String, into facts: inout ConditionFacts) {
    // A MIME type passed around as a function argument (`isValidUpload(2, 'image/.*')`) is
    // still a content type the rules admit. (Most literals have no `/` byte at all.)
    if let slash = Self.firstSlash(text), Self.mediaTypes.contains(text[..<slash]) {
      for example in examples.examples(of: text) {
        ConditionFacts.add(example, to: &facts.contentTypes)
      }
      facts.contentTypeFamilies.formUnion(examples.familyExamples(of: text))
      if !Self.hasRegexSyntax(text) { facts.literalContentTypes.insert(text) }
    }
  }

  /// Collects the constants of `left op right` itself into `facts`.
  func inspect(
    binary op: BinaryOperator, _ left: Expression, _ right: Expression, into facts: inout ConditionFacts
  ) {
    switch op {
    case .equal, .notEqual, .membership:
      compare(left, right, op: op, into: &facts)
      if op != .membership { compare(right, left, op: op, into: &facts) }
    case .less, .lessOrEqual, .greater, .greaterOrEqual:
      size(left, right, into: &facts)
      size(right, left, into: &facts)
    case .logicalAnd, .logicalOr:
      claimUsedAsBool(left, into: &facts)
      claimUsedAsBool(right, into: &facts)
    default: break
    }
  }

  /// Collects the constants of `callee(arguments)` itself into `facts`: what a `matches` call
  /// with a literal pattern tests.
  func inspect(call callee: Expression, _ arguments: [Expression], into facts: inout ConditionFacts) {
    guard case .member(let written, let name) = callee.kind, name.name == "matches",
      let pattern = arguments.first, case .string(let regex) = pattern.kind
    else { return }
    let receiver = throughLets(written)
    if case .identifier(let name) = receiver.kind,
      checked.resolution.names[receiver.range.start] == .wildcard(name),
      facts.wildcardExamples[name] == nil, let example = examples.examples(of: regex).first
    {
      facts.wildcardExamples[name] = example
    } else if ExpressionReading.isMetadataField(receiver, "contentType") {
      for example in examples.examples(of: regex) {
        ConditionFacts.add(example, to: &facts.contentTypes)
      }
      facts.contentTypeFamilies.formUnion(examples.familyExamples(of: regex))
    } else if let field = tokenField(receiver), let example = examples.examples(of: regex).first {
      ConditionFacts.add(.claim(field: field, value: .string(example)), to: &facts.claims)
    }
  }

  /// Top-level media types: a string literal starting with one and a `/` is a content type.
  static let mediaTypes: Set<Substring> = [
    "image", "video", "audio", "text", "application", "font", "model", "multipart",
  ]

  /// The index of `text`'s first `/` character (`text.firstIndex(of: "/")`), found by its
  /// bytes: a `/` byte between ASCII bytes (or the ends) is a character of its own.
  static func firstSlash(_ text: String) -> String.Index? {
    let bytes = text.utf8
    // In place when the text is contiguous (always, for a native string): the collection's
    // generic search costs several times more.
    let offset =
      bytes.withContiguousStorageIfAvailable { $0.firstIndex(of: UInt8(ascii: "/")) }
      ?? bytes.firstIndex(of: UInt8(ascii: "/")).map { bytes.distance(from: bytes.startIndex, to: $0) }
    guard let offset else { return nil }
    let slash = bytes.index(bytes.startIndex, offsetBy: offset)
    let next = bytes.index(after: slash)
    // A non-ASCII scalar beside it may join it into one character: ask the characters.
    guard next == bytes.endIndex || bytes[next] < 0x80,
      slash == bytes.startIndex || bytes[bytes.index(before: slash)] < 0x80
    else { return text.firstIndex(of: "/") }
    return slash
  }

  /// Whether `text` has a character of regex syntax (`*`, `(`, `$` …) of its own.
  static func hasRegexSyntax(_ text: String) -> Bool {
    // In ASCII text every byte is a character of its own (`\r\n` aside, no metacharacter).
    guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return text.contains { "*+?|()[]\\^$".contains($0) } }
    return text.utf8.contains { byte in
      switch byte {
      case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"), UInt8(ascii: "|"), UInt8(ascii: "("),
        UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "\\"), UInt8(ascii: "^"),
        UInt8(ascii: "$"):
        true
      default: false
      }
    }
  }

  /// Records `field op constant` when `field` (read through `let` names, ``throughLets(_:)``) is
  /// a content type, a token field or the uid.
  func compare(
    _ operand: Expression, _ constant: Expression, op: BinaryOperator, into facts: inout ConditionFacts
  ) {
    // Only a literal records anything (``ExpressionReading/strings(_:)``, ``ExpressionReading/scalar(_:)``).
    switch constant.kind {
    case .string, .list, .bool, .integer, .float: break
    default: return
    }
    let field = throughLets(operand)
    if ExpressionReading.isMetadataField(field, "contentType") {
      for text in ExpressionReading.strings(constant) {
        ConditionFacts.add(text, to: &facts.contentTypes)
        facts.literalContentTypes.insert(text)
      }
    } else if ExpressionReading.isChain(field, Self.requestAuthUID) {
      for text in ExpressionReading.strings(constant) { ConditionFacts.add(text, to: &facts.uids, limit: 4) }
    } else if let field = tokenField(field), op != .notEqual {
      let values =
        op == .membership
        ? ExpressionReading.strings(constant).map(ClaimValue.string)
        : ExpressionReading.scalar(constant).map { [$0] } ?? []
      for value in values.prefix(3) {
        ConditionFacts.add(.claim(field: field, value: value), to: &facts.claims)
      }
    }
  }

  private static let requestAuthUID = ["request", "auth", "uid"]

  /// Records the size `field` is compared with when `field` is a metadata object's size.
  private func size(_ field: Expression, _ constant: Expression, into facts: inout ConditionFacts) {
    guard ExpressionReading.isMetadataField(throughLets(field), "size"),
      let value = ExpressionReading.integer(constant)
    else { return }
    if facts.sizes.count < 8 { facts.sizes.insert(value) }
  }

  /// Records the claim `expression` reads, used as a bool (an operand of `&&`, `||` or `!`).
  func claimUsedAsBool(_ expression: Expression, into facts: inout ConditionFacts) {
    // Only a chain, or a `let` name standing for one, reads a claim.
    switch expression.kind {
    case .member, .index, .identifier: break
    default: return
    }
    guard let field = tokenField(throughLets(expression)) else { return }
    ConditionFacts.add(.claim(field: field, value: .bool(true)), to: &facts.claims)
  }

  /// The dotted token field `expression` reads, `request.auth.token.<field…>`; nil for other
  /// expressions and for the e-mail fields (the verified identity probes those).
  private func tokenField(_ expression: Expression) -> String? {
    // The chain itself is built only for the few expressions that read the token.
    guard let head = ExpressionReading.head(expression), head.count >= 4, head.starts("request", "auth"),
      head.third == "token", let chain = ExpressionReading.chain(expression)
    else { return nil }
    let field = chain[3...].joined(separator: ".")
    return field == "email_verified" || field == "sub" ? nil : field
  }
}
