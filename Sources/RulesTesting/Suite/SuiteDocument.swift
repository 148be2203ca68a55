import RulesEvaluator
import RulesInput
import Yams

/// Reads suite documents: YAML with libyaml, JSON strictly with ``JSONInputParser`` (JSON is
/// YAML, so libyaml then supplies the positions of its values).
///
/// ``SuiteComposer`` builds well-formed documents from libyaml's events; Yams composes the
/// others, to report what is wrong with them in its words. Before either uses an event,
/// ``YAMLBudget`` counts the document's size and depth with aliases expanded
/// (``InputLimits/yamlNodes``; the depth limit is ``InputLimits/yamlDepth`` for YAML and the
/// JSON parser's for JSON), so building the tree, which copies every alias, stays bounded.
enum SuiteDocument {
  /// The root of `text`; `json` selects strict JSON.
  static func parse(_ text: String, file: String, json: Bool) throws(SuiteError) -> SuiteNode {
    var strict: JSONInput?
    if json {
      do {
        strict = try JSONInputParser.parse(text)
      } catch {
        throw SuiteError(
          file: file, location: SuiteLocation(line: error.line, column: error.column),
          message: "malformed JSON: \(error.message)")
      }
    }
    do {
      let budget = YAMLBudget(maximumDepth: json ? JSONInputParser.maximumDepth : InputLimits.yamlDepth)
      // Well-formed documents are built straight from libyaml's events, counted against the
      // budget on the way; the rest is checked whole, then composed by Yams, which words its
      // problems.
      if let root = try SuiteComposer.compose(text, budget: budget) { return root }
      try budget.check(text)
    } catch {
      throw SuiteError(
        file: file, location: SuiteLocation(line: error.line, column: error.column), message: error.message)
    }
    return try composedByYams(text, file: file, strict: strict)
  }

  /// The root of `text` as Yams composes it, or its problem in Yams' words; `strict` is the
  /// document already read as strict JSON, if it is JSON.
  static func composedByYams(_ text: String, file: String, strict: JSONInput?) throws(SuiteError) -> SuiteNode
  {
    let root: Node?
    do {
      root = try Yams.compose(yaml: text, Resolver.basic)
    } catch {
      // Valid JSON that libyaml refuses (escaped surrogate pairs): positions are lost, not data.
      if let strict { return node(strict, at: SuiteLocation(line: 1, column: 1)) }
      throw Self.error(error, file: file)
    }
    guard let root else {
      throw SuiteError(file: file, location: SuiteLocation(line: 1, column: 1), message: "the suite is empty")
    }
    return try node(root, file: file)
  }

  private static func location(_ mark: Mark?) -> SuiteLocation {
    SuiteLocation(line: max(1, mark?.line ?? 1), column: max(1, mark?.column ?? 1))
  }

  private static func node(_ node: Node, file: String) throws(SuiteError) -> SuiteNode {
    switch node {
    case .scalar(let scalar):
      return SuiteNode(
        kind: .scalar(scalar.string, plain: scalar.style == .plain), location: location(scalar.mark))
    case .sequence(let sequence):
      var elements: [SuiteNode] = []
      for element in sequence { elements.append(try self.node(element, file: file)) }
      return SuiteNode(kind: .sequence(elements), location: location(sequence.mark))
    case .mapping(let mapping):
      var entries: [SuiteNode.Entry] = []
      for (key, value) in mapping {
        guard case .scalar(let scalar) = key else {
          throw SuiteError(file: file, location: location(key.mark), message: "mapping keys must be text")
        }
        entries.append(
          SuiteNode.Entry(
            key: scalar.string, keyLocation: location(scalar.mark), value: try self.node(value, file: file)))
      }
      return SuiteNode(kind: .mapping(entries), location: location(mapping.mark))
    case .alias(let alias):
      throw SuiteError(file: file, location: location(alias.mark), message: "unresolved alias")
    }
  }

  /// A JSON value without positions (all at `location`).
  private static func node(_ json: JSONInput, at location: SuiteLocation) -> SuiteNode {
    switch json {
    case .null: return SuiteNode(kind: .scalar("null", plain: true), location: location)
    case .bool(let value):
      return SuiteNode(kind: .scalar(value ? "true" : "false", plain: true), location: location)
    case .integer(let value): return SuiteNode(kind: .scalar(String(value), plain: true), location: location)
    case .number(let value): return SuiteNode(kind: .scalar(String(value), plain: true), location: location)
    case .string(let value): return SuiteNode(kind: .scalar(value, plain: false), location: location)
    case .array(let elements):
      return SuiteNode(kind: .sequence(elements.map { node($0, at: location) }), location: location)
    case .object(let members):
      return SuiteNode(
        kind: .mapping(
          members.map { .init(key: $0.key, keyLocation: location, value: node($0.value, at: location)) }),
        location: location)
    }
  }

  private static func error(_ error: any Error, file: String) -> SuiteError {
    guard let yaml = error as? YamlError else {
      return SuiteError(file: file, message: "malformed YAML: \(error)")
    }
    switch yaml {
    case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      let detail = context.map { "\($0.text); \(problem)" } ?? problem
      return SuiteError(file: file, location: location(mark), message: "malformed YAML: \(detail)")
    case .duplicatedKeysInMapping(let duplicates, let context):
      return SuiteError(
        file: file, location: location(context.mark),
        message: "duplicate key \(duplicates.map { "\"\($0)\"" }.joined(separator: ", "))")
    case .reader(let problem, _, _, _):
      return SuiteError(file: file, message: "malformed YAML: \(problem)")
    default:
      return SuiteError(file: file, message: "malformed YAML: \(yaml)")
    }
  }
}
