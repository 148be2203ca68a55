import CYaml
import RulesInput

/// Builds a suite document's ``SuiteNode`` tree straight from libyaml's events, in one pass
/// and without Yams' intermediate nodes, for the documents that are plainly well formed.
///
/// Contract: for any text it composes, the tree is the one `Yams.compose(yaml:)` and the
/// conversion in ``SuiteDocument`` give (same texts, styles, positions; aliases stand for a copy
/// of the node last anchored under their name before them). It gives up (nil) at anything else:
/// a libyaml error, no document or more than one, an undefined alias, a key that is not a
/// scalar, or two keys of a mapping with the same text. The caller then takes the Yams path,
/// which reports the problem with Yams' wording. Once it gives up, the events after that
/// point have not been counted against the budget.
struct SuiteComposer {
  /// An open mapping or sequence.
  private struct Frame {
    var isMapping: Bool
    var location: SuiteLocation
    var anchor: String?
    var entries: [SuiteNode.Entry] = []
    var elements: [SuiteNode] = []
    /// A mapping's key waiting for its value.
    var key: SuiteNode?
    /// The keys' texts, once a mapping has more than a scan should cover.
    var keys: Set<String>?
  }

  private var open: [Frame] = []
  private var anchors: [String: SuiteNode] = [:]
  private var root: SuiteNode?
  private var documents = 0

  /// The root of `text`, or nil where the Yams path must decide (see the type's contract).
  ///
  /// Each event is counted against `budget` before it is used, so the tree stays within the
  /// budget; throws where ``YAMLBudget/check(_:)`` would, and a nil result says nothing about
  /// the budget (the caller checks it before taking the Yams path).
  static func compose(_ text: String, budget: YAMLBudget) throws(YAMLBudgetError) -> SuiteNode? {
    var bytes = Array(text.utf8)
    guard !bytes.isEmpty else { return nil }
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else { return nil }
    defer { yaml_parser_delete(&parser) }
    let outcome = bytes.withUnsafeMutableBufferPointer { buffer -> Result<SuiteNode?, YAMLBudgetError> in
      yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
      yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
      var composer = SuiteComposer()
      var expansion = YAMLExpansion(budget: budget)
      while true {
        var event = yaml_event_t()
        guard yaml_parser_parse(&parser, &event) == 1 else { return .success(nil) }
        defer { yaml_event_delete(&event) }
        if event.type == YAML_STREAM_END_EVENT {
          return .success(composer.documents == 1 && composer.open.isEmpty ? composer.root : nil)
        }
        do throws(YAMLBudgetError) {
          try expansion.take(event)
        } catch {
          return .failure(error)
        }
        guard composer.take(event) else { return .success(nil) }
      }
    }
    return try outcome.get()
  }

  /// Takes one event; false when the Yams path must decide.
  private mutating func take(_ event: yaml_event_t) -> Bool {
    let location = SuiteLocation(
      line: max(1, Int(event.start_mark.line) + 1), column: max(1, Int(event.start_mark.column) + 1))
    switch event.type {
    case YAML_DOCUMENT_START_EVENT:
      documents += 1
      return documents == 1
    case YAML_SCALAR_EVENT:
      let scalar = event.data.scalar
      let text =
        scalar.value.map {
          String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self)
        } ?? ""
      let node = SuiteNode(
        kind: .scalar(text, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE), location: location)
      if let anchor = Self.name(scalar.anchor) { anchors[anchor] = node }
      return add(node)
    case YAML_ALIAS_EVENT:
      guard let name = Self.name(event.data.alias.anchor), let node = anchors[name] else { return false }
      return add(node)
    case YAML_SEQUENCE_START_EVENT:
      open.append(
        Frame(isMapping: false, location: location, anchor: Self.name(event.data.sequence_start.anchor)))
      return true
    case YAML_MAPPING_START_EVENT:
      open.append(
        Frame(isMapping: true, location: location, anchor: Self.name(event.data.mapping_start.anchor)))
      return true
    case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
      guard let frame = open.popLast(), frame.key == nil else { return false }
      let node = SuiteNode(
        kind: frame.isMapping ? .mapping(frame.entries) : .sequence(frame.elements), location: frame.location)
      if let anchor = frame.anchor { anchors[anchor] = node }
      return add(node)
    default:
      return true
    }
  }

  /// Puts a finished node in the innermost open collection, or makes it the root.
  private mutating func add(_ node: SuiteNode) -> Bool {
    guard !open.isEmpty else {
      guard root == nil else { return false }
      root = node
      return true
    }
    let last = open.count - 1
    guard open[last].isMapping else {
      open[last].elements.append(node)
      return true
    }
    guard let key = open[last].key else {
      guard case .scalar(let text, _) = node.kind, !Self.isKnown(text, in: &open[last]) else { return false }
      open[last].key = node
      return true
    }
    guard case .scalar(let text, _) = key.kind else { return false }
    open[last].entries.append(SuiteNode.Entry(key: text, keyLocation: key.location, value: node))
    open[last].key = nil
    return true
  }

  /// Whether a key with `text` (compared as Swift strings, so at least as often as Yams finds a
  /// duplicate) is already in `frame`; records it when not.
  private static func isKnown(_ text: String, in frame: inout Frame) -> Bool {
    if frame.keys == nil, frame.entries.count < 8 {
      return frame.entries.contains { $0.key == text }
    }
    if frame.keys == nil { frame.keys = Set(frame.entries.map(\.key)) }
    return frame.keys?.insert(text).inserted == false
  }

  private static func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
    anchor.map { String(cString: $0) }
  }
}
