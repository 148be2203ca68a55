/// The most bytes rulescheck reads from one kind of input, and how to say so when a file is
/// larger.
public struct SizeLimit: Sendable, Hashable {
  /// The largest accepted size, in bytes.
  public let bytes: Int
  /// What the limit applies to, in the plural (`rules files`).
  public let what: String
  /// A sentence fragment appended to the message, or nil.
  public let note: String?

  public init(bytes: Int, what: String, note: String? = nil) {
    self.bytes = bytes
    self.what = what
    self.note = note
  }

  /// The message for an input of `size` bytes, or nil when it is only known to be over the
  /// limit (standard input, a pipe): `file is 2,000,000 bytes, more than the limit of 1 MiB for
  /// rules files (...)`.
  public func message(size: Int?) -> String {
    let actual = size.map { "file is \(Self.grouped($0)) bytes," } ?? "input is"
    let text = "\(actual) more than the limit of \(Self.describe(bytes)) for \(what)"
    return note.map { "\(text) (\($0))" } ?? text
  }

  /// `1 MiB`, `256 KiB` or `1,000 bytes`.
  public static func describe(_ bytes: Int) -> String {
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
    return "\(grouped(bytes)) bytes"
  }

  /// `1234567` as `1,234,567`.
  public static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var output = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { output.append(",") }
      output.append(digit)
    }
    return value < 0 ? "-" + output : output
  }
}
