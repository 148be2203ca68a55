import RulesSemantics
import RulesSyntax

/// Questions about one range or expression of a file with syntax errors, for ``ParsedParts``:
/// where the errors lie and what an expression holds or calls.
struct SyntaxErrorProbe {
  let ruleset: CheckedRuleset
  /// Sorted by start.
  let errors: [SourceRange]

  /// The errors starting within `range` (its end included, for an empty range there).
  func errors(in range: SourceRange) -> ArraySlice<SourceRange> {
    let first = lowerBound(range.start)
    var last = first
    while last < errors.count && errors[last].start <= range.end { last += 1 }
    return errors[first..<last]
  }

  /// Whether an error starts inside `range`, or after it before the next token (a comment or
  /// blank does not count), where a missing `;` or `)` is reported.
  func touches(_ range: SourceRange) -> Bool {
    let end = nextToken(after: range.end)
    let first = lowerBound(range.start)
    return first < errors.count && errors[first].start <= end
  }

  /// Whether `expression` holds a placeholder for something missing.
  func holdsMissing(_ expression: Expression) -> Bool {
    var pending = [expression]
    while let next = pending.popLast() {
      if case .missing = next.kind { return true }
      next.forEachChild { pending.append($0) }
    }
    return false
  }

  /// The user functions `expression` calls, by the start of their name.
  func calledFunctions(_ expression: Expression) -> [Int] {
    var found: [Int] = []
    var pending = [expression]
    while let next = pending.popLast() {
      if case .call(let callee, _) = next.kind, let index = ruleset.resolution.calls[callee.range.start] {
        found.append(ruleset.functions[index].declaration.name.range.start)
      }
      next.forEachChild { pending.append($0) }
    }
    return found
  }

  /// The first error starting at or after `offset`.
  private func lowerBound(_ offset: Int) -> Int {
    var low = 0
    var high = errors.count
    while low < high {
      let middle = (low + high) / 2
      if errors[middle].start < offset { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The offset of the first byte after `offset` that is neither blank nor in a comment.
  private func nextToken(after offset: Int) -> Int {
    let bytes = ruleset.source.bytes
    let comments = ruleset.file.comments
    // The first comment ending after `offset`; comments are in source order.
    var low = 0
    var high = comments.count
    while low < high {
      let middle = (low + high) / 2
      if comments[middle].range.end <= offset { low = middle + 1 } else { high = middle }
    }
    var next = low
    var position = offset
    while position < bytes.count {
      if next < comments.count, comments[next].range.start <= position {
        position = max(position, comments[next].range.end)
        next += 1
        continue
      }
      guard [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C].contains(bytes[position]) else { break }
      position += 1
    }
    return position
  }
}
