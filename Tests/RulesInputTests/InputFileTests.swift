import Foundation
import RulesInput
import Testing

@Suite struct InputFileTests {
  private func temporaryFile(_ bytes: [UInt8]) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("rulescheck-input-\(UUID())")
    try Data(bytes).write(to: url)
    return url
  }

  @Test func readsAFileUpToItsLimit() throws {
    let url = try temporaryFile(Array(repeating: 0x61, count: 1000))
    defer { try? FileManager.default.removeItem(at: url) }
    let limit = SizeLimit(bytes: 1000, what: "tests")
    #expect(try InputFile.read(url.path, limit: limit).count == 1000)
  }

  @Test func refusesALargerFileBeforeReadingIt() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("rulescheck-input-\(UUID())")
    #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
    defer { try? FileManager.default.removeItem(at: url) }
    // A sparse file of 2 MiB: refused from its size, nothing is read.
    let handle = try FileHandle(forWritingTo: url)
    try handle.truncate(atOffset: 2 << 20)
    try handle.close()
    #expect(throws: InputFileError.tooLarge(size: 2 << 20, limit: InputLimits.rulesFile)) {
      try InputFile.read(url.path, limit: InputLimits.rulesFile)
    }
    #expect(
      InputFileError.tooLarge(size: 2 << 20, limit: InputLimits.rulesFile).description
        == "file is 2,097,152 bytes, more than the limit of 1 MiB for rules files "
        + "(Firebase's own limit for a rules source is 256 KiB)")
  }

  @Test func refusesAStreamOnceItPassesTheLimit() throws {
    // 12,000 bytes fit in a pipe's buffer, so they are written before reading starts.
    let pipe = Pipe()
    try pipe.fileHandleForWriting.write(contentsOf: Data(repeating: 0x62, count: 12_000))
    try pipe.fileHandleForWriting.close()
    defer { try? pipe.fileHandleForReading.close() }
    let limit = SizeLimit(bytes: 10_000, what: "tests")
    let path = "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)"
    #expect(throws: InputFileError.tooLarge(size: nil, limit: limit)) {
      try InputFile.read(path, limit: limit)
    }
    #expect(
      InputFileError.tooLarge(size: nil, limit: limit).description
        == "input is more than the limit of 10,000 bytes for tests")
  }

  @Test func missingFilesAndDirectoriesAreNamed() {
    #expect(throws: InputFileError.missing) {
      try InputFile.read("/nonexistent-rulescheck/x", limit: InputLimits.suiteFile)
    }
    #expect(throws: InputFileError.directory) {
      try InputFile.read(FileManager.default.temporaryDirectory.path, limit: InputLimits.suiteFile)
    }
  }

  @Test func limitsAreDescribedInBinaryUnits() {
    #expect(SizeLimit.describe(1 << 20) == "1 MiB")
    #expect(SizeLimit.describe(256 << 10) == "256 KiB")
    #expect(SizeLimit.describe(1500) == "1,500 bytes")
    #expect(SizeLimit.grouped(1_234_567) == "1,234,567")
    #expect(SizeLimit.grouped(999) == "999")
  }
}
