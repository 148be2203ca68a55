import ArgumentParser
import Foundation
import RulesLSP

/// `rulescheck lsp`: a Language Server Protocol 3.17 server for storage rules over stdio.
struct LSPCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lsp",
    abstract: "Run a language server for storage rules (LSP 3.17 over standard input and output).",
    discussion: """
      Editors start it; it reads framed JSON-RPC messages on standard input and answers on \
      standard output. Documents ending in .rules (or with a firebase-rules or storage-rules \
      language id) get the diagnostics `rulescheck lint` prints for the same text, with the \
      nearest .rulescheck.yml, and quick fixes. Exit status: 0 after shutdown and exit, 1 \
      otherwise or when the input cannot be read as LSP messages. See docs/editors.md.
      """)

  @Option(help: ArgumentHelp("Append a log of the messages and decisions to this file.", valueName: "file"))
  var log: String?

  @Option(help: ArgumentHelp("Milliseconds between the last change and linting again.", valueName: "ms"))
  var debounce = 10

  @Option(
    help: ArgumentHelp(
      "The address of docs/rules.md for diagnostics' documentation links (default: the copy beside the binary).",
      valueName: "url"))
  var docsUrl: String?

  func validate() throws {
    if debounce < 0 || debounce > 10_000 {
      throw ValidationError("--debounce must be 0 to 10000 milliseconds")
    }
  }

  func run() throws {
    var logFile: FileHandle?
    if let log {
      if !FileManager.default.fileExists(atPath: log) {
        _ = FileManager.default.createFile(atPath: log, contents: nil)
      }
      guard let handle = FileHandle(forWritingAtPath: log) else {
        Console.fail("--log \(log): cannot open the file for writing")
      }
      handle.seekToEndOfFile()
      logFile = handle
    }
    let options = ServerOptions(
      debounceMilliseconds: debounce, link: DocumentationLink(base: docsUrl ?? Self.bundledRulesDocument()),
      linter: DocumentLinter())
    StdioServer(options: options, logFile: logFile).run()
  }

  /// A `file:` URL of `docs/rules.md` in the checkout or package the running binary belongs
  /// to (looked up to five folders above it), or nil.
  static func bundledRulesDocument() -> String? {
    var folder = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
      .resolvingSymlinksInPath()
      .deletingLastPathComponent()
    for _ in 0..<6 {
      let candidate = folder.appendingPathComponent("docs/rules.md")
      if FileManager.default.fileExists(atPath: candidate.path) { return candidate.absoluteString }
      folder = folder.deletingLastPathComponent()
    }
    return nil
  }
}
