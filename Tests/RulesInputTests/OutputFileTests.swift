import Foundation
import RulesInput
import Testing

@Suite struct OutputFileTests {
  private func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("rulescheck-output-\(UUID())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func writesANewFileAndLeavesNoTemporaryFile() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("report.sarif").path
    try OutputFile.write(Array("first".utf8), to: path)
    try OutputFile.write(Array("second".utf8), to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "second")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.sarif"])
  }

  @Test func errorsSayWhy() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(throws: OutputFileError.noSuchFolder) {
      try OutputFile.write([], to: folder.appendingPathComponent("missing/x").path)
    }
    #expect(throws: OutputFileError.directory) { try OutputFile.write([], to: folder.path) }
    #expect(OutputFileError.noSuchFolder.description == "no such directory")
  }

  /// A FIFO is written in place, never replaced by a regular file.
  @Test func aFIFOIsWrittenInPlace() throws {
    let folder = try folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("fifo").path
    #expect(mkfifo(path, 0o600) == 0)
    // The reader opens first without blocking, so the writer's open finds it.
    let reader = open(path, O_RDONLY | O_NONBLOCK)
    #expect(reader >= 0)
    defer { close(reader) }
    try OutputFile.write(Array("through the pipe".utf8), to: path)
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, 64) }
    #expect(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self) == "through the pipe")
    #expect(FileKind(path: path) == .stream)
  }
}
