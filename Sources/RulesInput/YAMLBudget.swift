import CYaml

/// How large and how deep a YAML document may grow once its aliases are expanded, checked on
/// libyaml's parser events before any document is built.
///
/// Composing a document shares an anchored node among its aliases, but everything that walks
/// the result (hashing mapping keys while composing, converting, validating) visits each alias
/// as a whole copy: nine levels of ten aliases are 10⁹ nodes from 560 bytes. The check walks
/// the events once, keeping each anchor's expanded size and depth, so its work is linear in the
/// text whatever the aliases say. Malformed YAML ends the check quietly: the composer that
/// runs next reports it with its position.
public struct YAMLBudget: Sendable {
  /// The most nodes (scalars, mappings and sequences) after alias expansion.
  public var maximumNodes: Int
  /// The most nested mappings and sequences after alias expansion.
  public var maximumDepth: Int

  public init(maximumNodes: Int = InputLimits.yamlNodes, maximumDepth: Int = InputLimits.yamlDepth) {
    self.maximumNodes = maximumNodes
    self.maximumDepth = maximumDepth
  }

  /// Throws at the first event that takes `text` past a limit; returns when `text` stays
  /// within both or is malformed.
  public func check(_ text: String) throws(YAMLBudgetError) {
    var bytes = Array(text.utf8)
    guard !bytes.isEmpty else { return }
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else { return }
    defer { yaml_parser_delete(&parser) }
    let failure = bytes.withUnsafeMutableBufferPointer { buffer -> YAMLBudgetError? in
      yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
      yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
      var walk = YAMLExpansion(budget: self)
      while true {
        var event = yaml_event_t()
        guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
        defer { yaml_event_delete(&event) }
        if event.type == YAML_STREAM_END_EVENT { return nil }
        do throws(YAMLBudgetError) {
          try walk.take(event)
        } catch {
          return error
        }
      }
    }
    if let failure { throw failure }
  }
}
