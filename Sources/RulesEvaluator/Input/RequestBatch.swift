/// A batch of requests in JSON lines (`simulate --requests`): one JSON object per line;
/// blank lines are skipped.
public enum RequestBatch {
  /// A malformed line: its 1-based number and what is wrong.
  public struct LineError: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int?
    public var message: String
    public var description: String {
      column.map { "line \(line), column \($0): \(message)" } ?? "line \(line): \(message)"
    }
  }

  /// What a line takes from the command line when it lacks the field (`simulate --bucket`,
  /// `--uid`/`--auth`); a line's own field always wins.
  public struct Defaults: Sendable {
    /// The bucket of lines whose `bucket` is absent or null.
    public var bucket: String?
    /// The user of lines without an `auth` key; a line's `"auth": null` is signed out.
    public var auth: AuthContext?

    public init(bucket: String? = nil, auth: AuthContext? = nil) {
      self.bucket = bucket
      self.auth = auth
    }
  }

  /// Every request of `text`, with `defaults` filled in, or the first malformed line.
  public static func parse(
    _ text: String, defaults: Defaults = Defaults()
  ) throws(LineError) -> [RequestInput] {
    let bytes = Array(text.utf8)
    var requests: [RequestInput] = []
    var number = 0
    var start = 0
    while start < bytes.count {
      number += 1
      var end = start
      while end < bytes.count, bytes[end] != 0x0A { end += 1 }
      var last = end
      if last > start, bytes[last - 1] == 0x0D { last -= 1 }
      defer { start = end + 1 }
      if bytes[start..<last].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
      let json: JSONInput
      do {
        json = try JSONInputParser.parse(bytes: bytes[start..<last])
      } catch {
        throw LineError(line: number, column: error.column, message: "malformed JSON: \(error.message)")
      }
      do {
        var request = try RequestInput(json: json)
        if request.bucket == nil { request.bucket = defaults.bucket }
        if json["auth"] == nil { request.auth = defaults.auth }
        requests.append(request)
      } catch {
        throw LineError(line: number, column: nil, message: error.message)
      }
    }
    return requests
  }
}
