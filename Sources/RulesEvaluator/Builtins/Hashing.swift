/// CRC-32 (IEEE), CRC-32C (Castagnoli), MD5 and SHA-256 in plain Swift, for `hashing.*`.
enum Hashing {
  static func crc32(_ bytes: [UInt8]) -> UInt32 { crc(bytes, table: ieeeTable) }
  static func crc32c(_ bytes: [UInt8]) -> UInt32 { crc(bytes, table: castagnoliTable) }

  private static let ieeeTable = crcTable(polynomial: 0xEDB8_8320)
  private static let castagnoliTable = crcTable(polynomial: 0x82F6_3B78)

  private static func crcTable(polynomial: UInt32) -> [UInt32] {
    (0..<256).map { index in
      var value = UInt32(index)
      for _ in 0..<8 { value = value & 1 == 1 ? (value >> 1) ^ polynomial : value >> 1 }
      return value
    }
  }

  private static func crc(_ bytes: [UInt8], table: [UInt32]) -> UInt32 {
    var value: UInt32 = 0xFFFF_FFFF
    for byte in bytes { value = table[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8) }
    return ~value
  }

  // MARK: MD5 (RFC 1321)

  private static let md5Shifts: [UInt32] = [
    7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
    5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
    4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
    6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
  ]

  /// floor(|sin(i + 1)| × 2^32), written out so no floating point is involved.
  private static let md5Constants: [UInt32] = [
    0xd76a_a478, 0xe8c7_b756, 0x2420_70db, 0xc1bd_ceee, 0xf57c_0faf, 0x4787_c62a, 0xa830_4613, 0xfd46_9501,
    0x6980_98d8, 0x8b44_f7af, 0xffff_5bb1, 0x895c_d7be, 0x6b90_1122, 0xfd98_7193, 0xa679_438e, 0x49b4_0821,
    0xf61e_2562, 0xc040_b340, 0x265e_5a51, 0xe9b6_c7aa, 0xd62f_105d, 0x0244_1453, 0xd8a1_e681, 0xe7d3_fbc8,
    0x21e1_cde6, 0xc337_07d6, 0xf4d5_0d87, 0x455a_14ed, 0xa9e3_e905, 0xfcef_a3f8, 0x676f_02d9, 0x8d2a_4c8a,
    0xfffa_3942, 0x8771_f681, 0x6d9d_6122, 0xfde5_380c, 0xa4be_ea44, 0x4bde_cfa9, 0xf6bb_4b60, 0xbebf_bc70,
    0x289b_7ec6, 0xeaa1_27fa, 0xd4ef_3085, 0x0488_1d05, 0xd9d4_d039, 0xe6db_99e5, 0x1fa2_7cf8, 0xc4ac_5665,
    0xf429_2244, 0x432a_ff97, 0xab94_23a7, 0xfc93_a039, 0x655b_59c3, 0x8f0c_cc92, 0xffef_f47d, 0x8584_5dd1,
    0x6fa8_7e4f, 0xfe2c_e6e0, 0xa301_4314, 0x4e08_11a1, 0xf753_7e82, 0xbd3a_f235, 0x2ad7_d2bb, 0xeb86_d391,
  ]

  static func md5(_ bytes: [UInt8]) -> [UInt8] {
    let message = pad(bytes, bigEndianLength: false)
    var (a0, b0, c0, d0): (UInt32, UInt32, UInt32, UInt32) = (
      0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476
    )
    var words = [UInt32](repeating: 0, count: 16)
    for start in stride(from: 0, to: message.count, by: 64) {
      for index in 0..<16 {
        let offset = start + index * 4
        words[index] =
          UInt32(message[offset]) | UInt32(message[offset + 1]) << 8 | UInt32(message[offset + 2]) << 16
          | UInt32(message[offset + 3]) << 24
      }
      var (a, b, c, d) = (a0, b0, c0, d0)
      for round in 0..<64 {
        var f: UInt32
        let g: Int
        switch round {
        case 0..<16:
          f = (b & c) | (~b & d)
          g = round
        case 16..<32:
          f = (d & b) | (~d & c)
          g = (5 * round + 1) % 16
        case 32..<48:
          f = b ^ c ^ d
          g = (3 * round + 5) % 16
        default:
          f = c ^ (b | ~d)
          g = (7 * round) % 16
        }
        f = f &+ a &+ md5Constants[round] &+ words[g]
        a = d
        d = c
        c = b
        b = b &+ rotateLeft(f, md5Shifts[round])
      }
      a0 = a0 &+ a
      b0 = b0 &+ b
      c0 = c0 &+ c
      d0 = d0 &+ d
    }
    return [a0, b0, c0, d0].flatMap { word in (0..<4).map { UInt8((word >> (8 * UInt32($0))) & 0xFF) } }
  }

  /// The message, a 1 bit, zeros and the bit length (64 bits) to a multiple of 64 bytes.
  static func pad(_ bytes: [UInt8], bigEndianLength: Bool) -> [UInt8] {
    var message = bytes
    let bitLength = UInt64(bytes.count) &* 8
    message.append(0x80)
    while message.count % 64 != 56 { message.append(0) }
    for index in 0..<8 {
      let shift = bigEndianLength ? UInt64(56 - 8 * index) : UInt64(8 * index)
      message.append(UInt8((bitLength >> shift) & 0xFF))
    }
    return message
  }

  @inline(__always)
  static func rotateLeft(_ value: UInt32, _ count: UInt32) -> UInt32 {
    (value << count) | (value >> (32 - count))
  }

  @inline(__always)
  static func rotateRight(_ value: UInt32, _ count: UInt32) -> UInt32 {
    (value >> count) | (value << (32 - count))
  }
}
