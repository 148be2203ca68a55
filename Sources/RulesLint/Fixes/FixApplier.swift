import RulesSyntax

/// Applies text edits to a source.
public enum FixApplier {
  /// `bytes` with `edits` applied. Edits are taken in position order; one that overlaps an
  /// edit already taken is left for a later round, and a repeat of the same edit is applied
  /// once.
  public static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> (bytes: [UInt8], applied: Int) {
    let sorted = edits.sorted { ($0.range.start, $0.range.end) < ($1.range.start, $1.range.end) }
    var taken: [TextEdit] = []
    for edit in sorted {
      guard edit.range.start >= 0, edit.range.end <= bytes.count else { continue }
      if let last = taken.last {
        if last == edit { continue }
        if edit.range.start < last.range.end { continue }
      }
      taken.append(edit)
    }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var position = 0
    for edit in taken {
      output += bytes[position..<edit.range.start]
      output += Array(edit.replacement.utf8)
      position = edit.range.end
    }
    output += bytes[position...]
    return (output, taken.count)
  }
}
