import Foundation

/// One figure the benchmark measures, with the target the project set for it (issue 12).
struct BenchmarkTarget {
  enum Direction {
    /// The figure meets its target when it is at most the limit (a time, a ratio, memory).
    case atMost
    /// The figure meets its target when it is at least the limit (a rate).
    case atLeast
  }

  let name: String
  /// Nil when the figure could not be measured (the reason is in ``note``).
  let measured: Double?
  let limit: Double
  let unit: String
  let direction: Direction
  var note = ""

  var isMet: Bool? {
    guard let measured else { return nil }
    return direction == .atMost ? measured <= limit : measured >= limit
  }

  /// `name  measured  target  met`, aligned.
  func line(nameWidth: Int) -> String {
    let padded = name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
    let value = measured.map { Self.format($0, unit) } ?? "—"
    let target = (direction == .atMost ? "≤ " : "≥ ") + Self.format(limit, unit)
    let verdict = isMet.map { $0 ? "met" : "NOT MET" } ?? "not measured"
    let column = value.padding(toLength: 14, withPad: " ", startingAt: 0)
    let targetColumn = target.padding(toLength: 16, withPad: " ", startingAt: 0)
    return "  \(padded)  \(column)\(targetColumn)\(verdict)\(note.isEmpty ? "" : " (\(note))")"
  }

  static func format(_ value: Double, _ unit: String) -> String {
    switch unit {
    case "/s": return Int(value.rounded()).grouped + "/s"
    case "×": return String(format: "%.2f×", value)
    case "ms": return String(format: value < 10 ? "%.2f ms" : "%.1f ms", value)
    case "s": return String(format: "%.3f s", value)
    default: return String(format: "%.0f \(unit)", value)
    }
  }
}

extension Int {
  /// 1234567 → "1,234,567".
  var grouped: String {
    let digits = String(self)
    var result = ""
    for (index, digit) in digits.reversed().enumerated() {
      if index > 0 && index % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return String(result.reversed())
  }
}

/// Prints the table of targets, with the load average before and after the run so a reader
/// can tell a quiet machine from a busy one.
func printTargets(_ targets: [BenchmarkTarget], loadBefore: String) {
  let width = targets.map(\.name.count).max() ?? 0
  print("")
  print(
    "targets (issue 12), release build, \(ProcessInfo.processInfo.activeProcessorCount) cores, "
      + "\(allocatorDescription()), load average \(loadBefore) before and \(loadAverage()) after:")
  for target in targets { print(target.line(nameWidth: width)) }
}

/// The 1-, 5- and 15-minute load averages, from `/proc/loadavg` (Linux), or "?".
func loadAverage() -> String {
  guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "?" }
  return text.split(separator: " ").prefix(3).joined(separator: " ")
}

/// Runs this benchmark binary again with `arguments` and returns the peak resident memory in
/// MB the child reports on its standard output (`peak resident memory N MB`, its own `VmHWM`).
/// The child measures itself because Linux carries the parent's high-water mark into a child
/// started with `posix_spawn` (`ru_maxrss` would report the parent's).
func childPeakMemory(_ arguments: [String]) -> Double? {
  guard let output = runChild(CommandLine.arguments[0], arguments) else { return nil }
  guard let range = output.range(of: "peak resident memory ", options: .backwards) else { return nil }
  return output[range.upperBound...].split(separator: " ").first.flatMap { Double($0) }
}

/// Runs `executable` with `arguments` and returns its standard output (empty when `discard`
/// sends it to `/dev/null`) when it exits with status 0, else nil.
func runChild(_ executable: String, _ arguments: [String], discard: Bool = false) -> String? {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  let pipe = Pipe()
  process.standardOutput = discard ? FileHandle.nullDevice : pipe
  do { try process.run() } catch { return nil }
  let data = discard ? Data() : pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else { return nil }
  return String(decoding: data, as: UTF8.self)
}

/// The process's peak resident memory in MB, from `/proc/self/status` (Linux), if readable.
func peakMemoryMegabytes() -> Int? {
  guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
  for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
    return line.split(separator: " ").compactMap { Int($0) }.first.map { $0 / 1024 }
  }
  return nil
}
