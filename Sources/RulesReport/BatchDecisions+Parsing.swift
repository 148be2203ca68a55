import Dispatch
import RulesEvaluator
import Synchronization

extension BatchDecisions {
  /// Why the bytes of a batch could not be read: they are not UTF-8, or a line is malformed.
  public enum InputError: Error, Sendable, Equatable {
    /// Some byte sequence is not UTF-8 (reported before any malformed line).
    case notUTF8
    /// The first malformed line.
    case line(RequestBatch.LineError)
  }

  /// Every request of the JSON lines in `text`, with `defaults` filled in, or the first
  /// malformed line, as ``RequestBatch/parse(_:defaults:)`` gives them; large batches are cut
  /// into pieces of whole lines parsed on every core.
  public static func parse(
    _ text: String, defaults: RequestBatch.Defaults = RequestBatch.Defaults()
  ) throws(RequestBatch.LineError) -> [RequestInput] {
    do {
      return try parsePieces(Array(text.utf8), defaults: defaults).flatMap { $0 }
    } catch {
      switch error {
      case .line(let line): throw line
      // A String is UTF-8.
      case .notUTF8: return []
      }
    }
  }

  /// The requests of the JSON lines in `bytes`, in order, as pieces of consecutive lines
  /// (for ``run(pieces:output:)``; joining them would copy every request once more), or why
  /// they cannot be read: ``InputError/notUTF8`` when any byte sequence is not UTF-8, else the
  /// first malformed line as ``RequestBatch/parse(_:defaults:)`` reports it.
  ///
  /// Large batches are cut after newlines into pieces validated, counted and parsed on every
  /// core; nothing but the cutting is done on one thread (a newline never falls inside a
  /// UTF-8 sequence, so each piece is validated on its own).
  public static func parsePieces(
    _ bytes: [UInt8], defaults: RequestBatch.Defaults = RequestBatch.Defaults()
  ) throws(InputError) -> [[RequestInput]] {
    let cuts = RequestBatch.cuts(of: bytes, count: min(64, max(1, bytes.count / 65_536)))
    let parsed = Mutex<[Piece?]>(Array(repeating: nil, count: cuts.count))
    DispatchQueue.concurrentPerform(iterations: cuts.count) { index in
      let piece = Piece(bytes[cuts[index]], defaults: defaults)
      parsed.withLock { $0[index] = piece }
    }
    let pieces = parsed.withLock { $0 }.compactMap { $0 }
    if pieces.contains(where: { !$0.isUTF8 }) { throw .notUTF8 }
    var requests: [[RequestInput]] = []
    requests.reserveCapacity(pieces.count)
    var linesBefore = 0
    for piece in pieces {
      switch piece.requests {
      case .success(let piece): requests.append(piece)
      case .failure(var error):
        error.line += linesBefore
        throw .line(error)
      }
      linesBefore += piece.newlines
    }
    return requests
  }

  /// One piece of a batch: whether it is UTF-8, its newlines, and its requests or first
  /// malformed line, numbered from the piece's first line as line 1.
  private struct Piece: Sendable {
    var isUTF8: Bool
    var newlines: Int
    var requests: Result<[RequestInput], RequestBatch.LineError>

    init(_ bytes: ArraySlice<UInt8>, defaults: RequestBatch.Defaults) {
      var newlines = 0
      var high: UInt8 = 0
      bytes.withUnsafeBufferPointer { buffer in
        // Eight bytes at a time: `high` gathers their top bits; a byte of `word ^ 0x0A…` is
        // zero exactly where a newline is, and `(x & 0x7F…) + 0x7F…` sets the top bit of every
        // other byte without carrying into the next.
        let words = buffer.count / 8
        let raw = UnsafeRawBufferPointer(buffer)
        var gathered: UInt64 = 0
        for index in 0..<words {
          let word = raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
          gathered |= word
          let x = word ^ 0x0A0A_0A0A_0A0A_0A0A
          let nonzero = ((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | x
          newlines &+= (~nonzero & 0x8080_8080_8080_8080).nonzeroBitCount
        }
        high = gathered & 0x8080_8080_8080_8080 == 0 ? 0 : 0x80
        for byte in buffer[(words * 8)...] {
          high |= byte
          newlines &+= byte == 0x0A ? 1 : 0
        }
      }
      self.newlines = newlines
      // ASCII is UTF-8; anything else is checked as the String initializer checks it.
      isUTF8 = high < 0x80 || String(validating: bytes, as: UTF8.self) != nil
      guard isUTF8 else {
        requests = .success([])
        return
      }
      requests = Result { () throws(RequestBatch.LineError) in
        // A line ends at each newline, and the last one may have none.
        try RequestBatch.parse(lines: bytes, firstLine: 1, defaults: defaults, lineCount: newlines + 1)
      }
    }
  }
}
