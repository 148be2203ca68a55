/// A unified diff of two texts, line by line (Myers' algorithm), as `diff -u` prints it.
public enum UnifiedDiff {
  private struct Line: Equatable {
    let text: Substring
    let hasNewline: Bool
  }

  private enum Operation: Equatable {
    case keep(Int, Int)
    case remove(Int)
    case insert(Int)
  }

  /// The diff from `old` to `new` with `context` lines around each change; empty when the
  /// texts are equal.
  public static func render(
    old: String, new: String, oldPath: String, newPath: String, context: Int = 3
  ) -> String {
    let a = lines(old)
    let b = lines(new)
    let operations = diff(a, b)
    guard operations.contains(where: { if case .keep = $0 { false } else { true } }) else { return "" }
    var output = "--- \(oldPath)\n+++ \(newPath)\n"
    for hunk in hunks(operations, context: context) {
      output += header(hunk, operations)
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
  private static func hunks(_ operations: [Operation], context: Int) -> [Range<Int>] {
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

  private static func header(_ hunk: Range<Int>, _ operations: [Operation]) -> String {
    var oldStart: Int?
    var newStart: Int?
    var oldCount = 0
    var newCount = 0
    var oldBefore = 0
    var newBefore = 0
    for operation in operations[..<hunk.lowerBound] {
      switch operation {
      case .keep: oldBefore += 1; newBefore += 1
      case .remove: oldBefore += 1
      case .insert: newBefore += 1
      }
    }
    for operation in operations[hunk] {
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

  /// The shortest edit script from `a` to `b`.
  private static func diff(_ a: [Line], _ b: [Line]) -> [Operation] {
    let n = a.count
    let m = b.count
    let offset = n + m + 1
    var v = [Int](repeating: 0, count: 2 * offset + 1)
    var trace: [[Int]] = []
    search: for d in 0...(n + m) {
      trace.append(v)
      for k in stride(from: -d, through: d, by: 2) {
        var x =
          (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]))
          ? v[offset + k + 1] : v[offset + k - 1] + 1
        var y = x - k
        while x < n, y < m, a[x] == b[y] {
          x += 1
          y += 1
        }
        v[offset + k] = x
        if x >= n && y >= m { break search }
      }
    }
    var operations: [Operation] = []
    var x = n
    var y = m
    for d in stride(from: trace.count - 1, through: 0, by: -1) {
      let v = trace[d]
      let k = x - y
      let previousK = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? k + 1 : k - 1
      let previousX = d == 0 ? 0 : v[offset + previousK]
      let previousY = d == 0 ? 0 : previousX - previousK
      while x > previousX && y > previousY {
        operations.append(.keep(x - 1, y - 1))
        x -= 1
        y -= 1
      }
      guard d > 0 else { break }
      if x == previousX {
        operations.append(.insert(y - 1))
        y -= 1
      } else {
        operations.append(.remove(x - 1))
        x -= 1
      }
    }
    return operations.reversed()
  }
}
