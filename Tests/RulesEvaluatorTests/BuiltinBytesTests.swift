import RulesEvaluator
import Testing

private typealias T = Conformance

@Suite struct BuiltinBytesTests {
  static func hex(_ value: Value) -> Value { T.call(value, "toHexString") }
  static func hash(_ name: String, _ text: String) -> Value {
    hex(T.namespace("hashing", name, .string(text)))
  }

  static let bytesRows: [ConformanceCase] = [
    .init("b'abc'.size()", T.call(.bytes([97, 98, 99]), "size"), .int(3)),
    .init("b''.size()", T.call(.bytes([]), "size"), .int(0)),
    .init(
      "b'\\xFB\\xEF\\xBE'.toBase64() is URL-safe", T.call(.bytes([0xFB, 0xEF, 0xBE]), "toBase64"),
      .string("----")),
    .init("b'\\xff'.toBase64() is padded", T.call(.bytes([0xFF]), "toBase64"), .string("_w==")),
    .init("'hi'.toBase64()", T.call(.bytes([104, 105]), "toBase64"), .string("aGk=")),
    .init("b'foob'.toBase64()", T.call(.bytes(Array("foob".utf8)), "toBase64"), .string("Zm9vYg==")),
    .init("b'fooba'.toBase64()", T.call(.bytes(Array("fooba".utf8)), "toBase64"), .string("Zm9vYmE=")),
    .init("b'foobar'.toBase64()", T.call(.bytes(Array("foobar".utf8)), "toBase64"), .string("Zm9vYmFy")),
    .init("b''.toBase64()", T.call(.bytes([]), "toBase64"), .string("")),
    .init("b'\\x2A'.toHexString()", hex(.bytes([0x2A])), .string("2A")),
    .init("hex is upper-case", hex(.bytes([0x00, 0xAB, 0xFF])), .string("00ABFF")),
    .init("b'a'.size(1)", T.call(.bytes([97]), "size", .int(1)), T.argumentCount(1, "bytes.size()")),
    .init("b'a'.lower()", T.call(.bytes([97]), "lower"), T.notFound("lower")),
  ]

  /// Standard test vectors; CRCs are the four bytes least significant first, as production
  /// returns them (`hashing.crc32('abc').toHexString() == 'C2412435'`).
  static let hashingRows: [ConformanceCase] = [
    .init("md5('')", hash("md5", ""), .string("D41D8CD98F00B204E9800998ECF8427E")),
    .init("md5('abc')", hash("md5", "abc"), .string("900150983CD24FB0D6963F7D28E17F72")),
    .init(
      "md5 over two blocks",
      hash("md5", "12345678901234567890123456789012345678901234567890123456789012345678901234567890"),
      .string("57EDF4A22BE3C955AC49DA2E2107B67A")),
    .init(
      "sha256('')", hash("sha256", ""),
      .string("E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855")),
    .init(
      "sha256('abc')", hash("sha256", "abc"),
      .string("BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD")),
    .init(
      "sha256 over two blocks", hash("sha256", "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
      .string("248D6A61D20638B8E5C026930C3E6039A33CE45964FF2167F6ECEDD419DB06C1")),
    .init(
      "sha256 of 64 bytes pads a whole block", hash("sha256", String(repeating: "a", count: 64)),
      .string("FFE054FE7AE0CB6DC65C3AF9B61D5209F439851DB43D0BA5997337DF154668EB")),
    .init("crc32('abc')", hash("crc32", "abc"), .string("C2412435")),
    .init("crc32('123456789') is 0xCBF43926", hash("crc32", "123456789"), .string("2639F4CB")),
    .init("crc32('')", hash("crc32", ""), .string("00000000")),
    .init("crc32c('abc')", hash("crc32c", "abc"), .string("B73F4B36")),
    .init("crc32c('123456789') is 0xE3069283", hash("crc32c", "123456789"), .string("839206E3")),
    .init(
      "a string hashes as its UTF-8 bytes", T.namespace("hashing", "sha256", .bytes([0xC3, 0xA9])),
      T.namespace("hashing", "sha256", .string("é"))),
    .init("md5 returns 16 bytes", T.call(T.namespace("hashing", "md5", .string("x")), "size"), .int(16)),
    .init(
      "hashing.md5(1)", T.namespace("hashing", "md5", .int(1)),
      T.unsupported("hashing.md5(int)", "hashing.md5(bytes), hashing.md5(string)")),
    .init(
      "hashing.sha256()", T.namespace("hashing", "sha256"),
      T.argumentCount(0, "hashing.sha256(bytes), hashing.sha256(string)")),
    .init("hashing.sha1('a')", T.namespace("hashing", "sha1", .string("a")), T.notFound("hashing.sha1")),
  ]

  @Test(arguments: bytesRows) func bytes(_ row: ConformanceCase) { row.check() }
  @Test(arguments: hashingRows) func hashing(_ row: ConformanceCase) { row.check() }
}
