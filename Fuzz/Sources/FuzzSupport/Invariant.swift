import Foundation

/// Checks the harnesses make on every input: a broken one prints what and aborts, which
/// libFuzzer records as a crash with the input that caused it.
public enum Invariant {
  /// Aborts with `message` unless `condition` holds.
  public static func require(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #file,
    line: UInt = #line
  ) {
    guard !condition() else { return }
    FileHandle.standardError.write(Data("invariant broken (\(file):\(line)): \(message())\n".utf8))
    abort()
  }

  /// Aborts unless `text` is one well-formed JSON document (or, with `lines`, one per line).
  public static func requireJSON(_ text: String, lines: Bool = false, _ what: String) {
    let documents = lines ? text.split(separator: "\n").map(String.init) : [text]
    for document in documents {
      let parsed = try? JSONSerialization.jsonObject(with: Data(document.utf8), options: [.fragmentsAllowed])
      require(parsed != nil, "\(what) is not valid JSON:\n\(document.prefix(2_000))")
    }
  }
}
