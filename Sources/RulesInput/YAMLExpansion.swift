import CYaml

/// The running count behind ``YAMLBudget/check(_:)``: the open collections, each anchor's
/// expanded size and depth, and the nodes seen so far with aliases expanded. A reader that
/// walks libyaml's events itself gives each one to ``take(_:)`` before using it.
public struct YAMLExpansion {
  /// An open mapping or sequence: its expanded size so far (itself included), the depth of its
  /// deepest child (0 for scalars only) and its anchor.
  private struct Frame {
    var size = 1
    var childDepth = 0
    var anchor: String?
  }

  let budget: YAMLBudget
  private var open: [Frame] = []
  private var anchors: [String: (size: Int, depth: Int)] = [:]
  private var total = 0

  public init(budget: YAMLBudget) { self.budget = budget }

  /// Counts `event`; throws at the first event that takes the document past a limit.
  public mutating func take(_ event: yaml_event_t) throws(YAMLBudgetError) {
    let mark = event.start_mark
    switch event.type {
    case YAML_SCALAR_EVENT:
      try add(size: 1, depth: 0, at: mark)
      if let anchor = Self.name(event.data.scalar.anchor) { anchors[anchor] = (1, 0) }
    case YAML_ALIAS_EVENT:
      // An unknown alias counts once; the composer refuses it.
      let expanded = Self.name(event.data.alias.anchor).flatMap { anchors[$0] } ?? (1, 0)
      try add(size: expanded.size, depth: expanded.depth, at: mark)
    case YAML_SEQUENCE_START_EVENT:
      try push(anchor: Self.name(event.data.sequence_start.anchor), at: mark)
    case YAML_MAPPING_START_EVENT:
      try push(anchor: Self.name(event.data.mapping_start.anchor), at: mark)
    case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
      guard let frame = open.popLast() else { return }
      let depth = frame.childDepth + 1
      if let anchor = frame.anchor { anchors[anchor] = (frame.size, depth) }
      if !open.isEmpty {
        open[open.count - 1].size += frame.size
        open[open.count - 1].childDepth = max(open[open.count - 1].childDepth, depth)
      }
    default:
      break
    }
  }

  /// Counts a node of `size` expanded nodes and `depth` nested collections in the innermost
  /// open collection.
  private mutating func add(size: Int, depth: Int, at mark: yaml_mark_t) throws(YAMLBudgetError) {
    if open.count + depth > budget.maximumDepth { throw depthError(at: mark) }
    total += size
    if total > budget.maximumNodes { throw sizeError(at: mark) }
    if !open.isEmpty {
      open[open.count - 1].size += size
      open[open.count - 1].childDepth = max(open[open.count - 1].childDepth, depth)
    }
  }

  private mutating func push(anchor: String?, at mark: yaml_mark_t) throws(YAMLBudgetError) {
    if open.count + 1 > budget.maximumDepth { throw depthError(at: mark) }
    total += 1
    if total > budget.maximumNodes { throw sizeError(at: mark) }
    open.append(Frame(anchor: anchor))
  }

  private func depthError(at mark: yaml_mark_t) -> YAMLBudgetError {
    YAMLBudgetError(
      line: mark.line + 1, column: mark.column + 1,
      message: "YAML nested more than \(budget.maximumDepth) levels deep with aliases expanded "
        + "(the YAML depth limit)")
  }

  private func sizeError(at mark: yaml_mark_t) -> YAMLBudgetError {
    let limit = SizeLimit.grouped(budget.maximumNodes)
    return YAMLBudgetError(
      line: mark.line + 1, column: mark.column + 1,
      message: "document has more than \(limit) YAML nodes with aliases expanded (the YAML node limit)")
  }

  private static func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
    anchor.map { String(cString: $0) }
  }
}
