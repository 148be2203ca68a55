/// The digests Cloud Storage records for an object's bytes (`md5Hash`, `crc32c`), from the
/// same code as `hashing.md5` and `hashing.crc32c`.
public enum ObjectChecksums {
  /// The MD5 digest: 16 bytes.
  public static func md5(_ bytes: [UInt8]) -> [UInt8] { Hashing.md5(bytes) }

  /// The CRC-32C (Castagnoli) checksum.
  public static func crc32c(_ bytes: [UInt8]) -> UInt32 { Hashing.crc32c(bytes) }
}
