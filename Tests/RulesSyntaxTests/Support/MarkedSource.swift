import RulesSyntax

/// A test source whose `⟦…⟧` markers delimit expected ranges; the markers are not part of it.
///
/// Ranges are UTF-8 byte offsets into the text without markers, in the order their `⟦` appears.
/// Markers may nest; an empty pair `⟦⟧` marks an empty range (a position).
struct MarkedSource {
  let text: String
  let ranges: [SourceRange]

  init(_ marked: String) {
    var text = ""
    var open: [(index: Int, start: Int)] = []
    var ranges: [SourceRange?] = []
    for character in marked {
      switch character {
      case "⟦":
        open.append((ranges.count, text.utf8.count))
        ranges.append(nil)
      case "⟧":
        guard let last = open.popLast() else {
          preconditionFailure("unbalanced '⟧' in marked source: \(marked)")
        }
        ranges[last.index] = SourceRange(start: last.start, end: text.utf8.count)
      default:
        text.append(character)
      }
    }
    precondition(open.isEmpty, "unclosed '⟦' in marked source: \(marked)")
    self.text = text
    self.ranges = ranges.compactMap { $0 }
  }

  /// The only marked range.
  var range: SourceRange {
    precondition(ranges.count == 1, "expected exactly one marked range")
    return ranges[0]
  }

  func parse() -> RulesFile { RulesParser.parse(text) }
}

extension RulesFile {
  /// Each diagnostic as `CODE@start..<end`, in the order reported.
  var diagnosticSummary: [String] { diagnostics.map { "\($0.code)@\($0.range)" } }

  /// The conditions of every `allow` statement, outermost first, in source order.
  var conditions: [Expression] {
    var found: [Expression] = []
    func visit(_ statements: [Statement]) {
      for statement in statements {
        switch statement.kind {
        case .service(let service): visit(service.body)
        case .match(let block): visit(block.body)
        case .allow(let allow): if let condition = allow.condition { found.append(condition) }
        default: break
        }
      }
    }
    visit(statements)
    return found
  }
}

/// Expected `CODE@start..<end` strings for `codes` at the ranges marked in `source`, pairwise.
func expectedDiagnostics(_ codes: [String], _ source: MarkedSource) -> [String] {
  precondition(codes.count == source.ranges.count, "one code per marked range")
  return zip(codes, source.ranges).map { "\($0)@\($1)" }
}
