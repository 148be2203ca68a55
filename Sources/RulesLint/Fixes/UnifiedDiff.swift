/// A unified diff of two texts, line by line, as `diff -u` prints it.
///
/// The edit script comes from ``LineDiff``: Myers' shortest script for small texts and small
/// regions, patience anchors for large ones, within a budget linear in the number of lines.
public enum UnifiedDiff {
  private struct Line: Hashable {
    let text: Substring
    let hasNewline: Bool
  }

  /// The diff from `old` to `new` with `context` lines around each change; empty when the
  /// texts are equal.
  public static func render(
    old: String, new: String, oldPath: String, newPath: String, context: Int = 3
  ) -> String {
    let a = lines(old)
    let b = lines(new)
    // Lines as integers, equal exactly when the lines are.
    var numbers: [Line: Int] = [:]
    let number = { (line: Line) -> Int in
      if let known = numbers[line] { return known }
      numbers[line] = numbers.count
      return numbers.count - 1
    }
    let operations = LineDiff.run(a.map(number), b.map(number)).operations
    guard operations.contains(where: { if case .keep = $0 { false } else { true } }) else { return "" }
    var output = "--- \(oldPath)\n+++ \(newPath)\n"
    // Lines of each side before the hunk being written, counted as the hunks go by.
    var before = (old: 0, new: 0, through: 0)
    for hunk in hunks(operations, context: context) {
      for operation in operations[before.through..<hunk.lowerBound] {
        switch operation {
        case .keep: before = (before.old + 1, before.new + 1, before.through)
        case .remove: before.old += 1
        case .insert: before.new += 1
        }
      }
      before.through = hunk.lowerBound
      output += header(operations[hunk], oldBefore: before.old, newBefore: before.new)
      for operation in operations[hunk] {
        switch operation {
        case .keep(let x, _): output += format(" ", a[x])
        case .remove(let x): output += format("-", a[x])
        case .insert(let y): output += format("+", b[y])
        }
      }
    }
    return output
  }

  private static func format(_ marker: String, _ line: Line) -> String {
    marker + line.text + "\n" + (line.hasNewline ? "" : "\\ No newline at end of file\n")
  }

  private static func lines(_ text: String) -> [Line] {
    var parts = text.split(separator: "\n", omittingEmptySubsequences: false)
    let trailing = parts.last == ""
    if trailing { parts.removeLast() }
    return parts.enumerated().map { index, part in
      Line(text: part, hasNewline: index < parts.count - 1 || trailing)
    }
  }

  /// The ranges of `operations` to print, each a run of changes with its context.
  private static func hunks(_ operations: [LineDiff.Operation], context: Int) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    for (index, operation) in operations.enumerated() {
      if case .keep = operation { continue }
      let range = max(0, index - context)..<min(operations.count, index + context + 1)
      if let last = ranges.last, range.lowerBound <= last.upperBound {
        ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        ranges.append(range)
      }
    }
    return ranges
  }

  /// `@@ -start,count +start,count @@` for a hunk after `oldBefore` and `newBefore` lines.
  private static func header(
    _ hunk: ArraySlice<LineDiff.Operation>, oldBefore: Int, newBefore: Int
  ) -> String {
    var oldStart: Int?
    var newStart: Int?
    var oldCount = 0
    var newCount = 0
    for operation in hunk {
      switch operation {
      case .keep(let x, let y):
        oldStart = oldStart ?? x
        newStart = newStart ?? y
        oldCount += 1
        newCount += 1
      case .remove(let x):
        oldStart = oldStart ?? x
        oldCount += 1
      case .insert(let y):
        newStart = newStart ?? y
        newCount += 1
      }
    }
    let oldFirst = oldCount == 0 ? oldBefore : (oldStart ?? 0) + 1
    let newFirst = newCount == 0 ? newBefore : (newStart ?? 0) + 1
    return "@@ -\(oldFirst),\(oldCount) +\(newFirst),\(newCount) @@\n"
  }
}
