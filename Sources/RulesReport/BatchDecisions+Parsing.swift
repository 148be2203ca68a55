import Dispatch
import RulesEvaluator
import Synchronization

extension BatchDecisions {
  /// Every request of the JSON lines in `text`, with `defaults` filled in, or the first
  /// malformed line, as ``RequestBatch/parse(_:defaults:)`` gives them; large batches are cut
  /// into pieces of whole lines parsed on every core.
  public static func parse(
    _ text: String, defaults: RequestBatch.Defaults = RequestBatch.Defaults()
  ) throws(RequestBatch.LineError) -> [RequestInput] {
    let bytes = Array(text.utf8)
    let pieces = RequestBatch.pieces(of: bytes, count: min(64, max(1, bytes.count / 65_536)))
    guard pieces.count > 1 else { return try RequestBatch.parse(text, defaults: defaults) }
    let parsed = Mutex<[Result<[RequestInput], RequestBatch.LineError>?]>(
      Array(repeating: nil, count: pieces.count))
    DispatchQueue.concurrentPerform(iterations: pieces.count) { index in
      let piece = pieces[index]
      let result = Result { () throws(RequestBatch.LineError) in
        try RequestBatch.parse(lines: bytes[piece.range], firstLine: piece.firstLine, defaults: defaults)
      }
      parsed.withLock { $0[index] = result }
    }
    var requests: [RequestInput] = []
    for result in parsed.withLock({ $0 }) {
      switch result {
      case .success(let piece)?: requests += piece
      case .failure(let error)?: throw error
      case nil: break
      }
    }
    return requests
  }
}
