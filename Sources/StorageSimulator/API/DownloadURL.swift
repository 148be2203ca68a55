/// The download URLs the simulator hands out: production's shape, a made-up token.
enum DownloadURL {
  /// What the SDK leaves unescaped in a bucket or object name (the JSON API's list without
  /// `&`, `;` and `+`).
  private static let unreserved = Set(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$'()*,=:@".utf8)

  /// `https://firebasestorage.googleapis.com:443/v0/b/<bucket>/o/<object>?alt=media&token=<token>`,
  /// with the port, as the SDK builds it.
  static func string(bucket: String, object: String, generation: Int64) -> String {
    "https://firebasestorage.googleapis.com:443/v0/b/\(escaped(bucket))/o/\(escaped(object))"
      + "?alt=media&token=\(token(bucket: bucket, object: object, generation: generation))"
  }

  /// Percent-encodes every UTF-8 byte outside ``unreserved`` (upper-case hex).
  static func escaped(_ text: String) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    for byte in text.utf8 {
      if unreserved.contains(byte) {
        bytes.append(byte)
      } else {
        bytes += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A UUID-shaped token (lower-case hex, 8-4-4-4-12) from two FNV-1a hashes of the bucket, the
  /// object and the generation: the same object keeps its URL until it is uploaded again.
  static func token(bucket: String, object: String, generation: Int64) -> String {
    let key = Array("\(bucket)\u{0}\(object)\u{0}\(generation)".utf8)
    func fnv(_ seed: UInt64) -> UInt64 {
      var hash = seed
      for byte in key {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01B3
      }
      return hash
    }
    let hex = [fnv(0xCBF2_9CE4_8422_2325), fnv(0x8422_2325_CBF2_9CE4)].map { value in
      let text = String(value, radix: 16)
      return String(repeating: "0", count: 16 - text.count) + text
    }.joined()
    let characters = Array(hex)
    let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }
    return groups.joined(separator: "-")
  }
}
