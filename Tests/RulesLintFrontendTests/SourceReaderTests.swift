import Foundation
import RulesLint
import RulesLintFrontend
import RulesSyntax
import RulescheckTestSupport
import Testing

@Suite struct SourceReaderTests {
  @Test func readsAFileUnderItsDisplayPath() throws {
    let directory = try TemporaryDirectory()
    try directory.write("a.rules", "service firebase.storage {}\n")
    let source = try SourceReader().read(LintInput(path: "a.rules", relativeTo: directory.url))
    #expect(source.path == "a.rules")
    #expect(source.bytes == Array("service firebase.storage {}\n".utf8))
  }

  @Test func nonUTF8IsAnErrorWithItsPosition() throws {
    let directory = try TemporaryDirectory()
    // "é" is two bytes but one column; the bad byte is the fourth column of line 2.
    try directory.write("bad.rules", bytes: Array("// é\n\té😀".utf8) + [0xC3, 0x28])
    #expect(
      throws: LintError.invalidUTF8(
        path: "bad.rules", location: SourceLocation(line: 2, column: 4, offset: 13), byte: 0xC3)
    ) {
      try SourceReader().read(LintInput(path: "bad.rules", relativeTo: directory.url))
    }
    let message = LintError.invalidUTF8(
      path: "bad.rules", location: SourceLocation(line: 2, column: 4, offset: 13), byte: 0xC3
    ).description
    #expect(message == "bad.rules:2:4: file is not valid UTF-8: invalid byte 0xC3 at offset 13")
  }

  @Test func aMissingFileIsAnError() throws {
    let directory = try TemporaryDirectory()
    #expect(throws: LintError.noSuchFile(path: "x.rules", namedBy: nil)) {
      try SourceReader().read(LintInput(path: "x.rules", relativeTo: directory.url))
    }
  }

  @Test func aDirectoryIsNotReadableAsAFile() throws {
    let directory = try TemporaryDirectory()
    try directory.write("d/a.rules", "")
    #expect(throws: LintError.unreadable(path: "d", reason: "is a directory")) {
      try SourceReader().read(LintInput(path: "d", relativeTo: directory.url))
    }
  }

  @Test func aFileOverOneMebibyteIsRefusedUnread() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write("big.rules", "")
    let handle = try FileHandle(forWritingTo: file)
    try handle.truncate(atOffset: (1 << 20) + 1)
    try handle.close()
    let error = #expect(throws: LintError.self) {
      try SourceReader().read(LintInput(path: "big.rules", relativeTo: directory.url))
    }
    #expect(
      error?.description
        == "big.rules: file is 1,048,577 bytes, more than the limit of 1 MiB for rules files "
        + "(Firebase's own limit for a rules source is 256 KiB)")
    // One mebibyte is still read.
    let shorter = try FileHandle(forWritingTo: file)
    try shorter.truncate(atOffset: 1 << 20)
    try shorter.close()
    let source = try SourceReader().read(LintInput(path: "big.rules", relativeTo: directory.url))
    #expect(source.bytes.count == 1 << 20)
  }
}
