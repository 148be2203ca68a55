import RulesSemantics
import RulesSyntax

/// A compiled expression: names resolved to slots, constants folded into values.
///
/// `id` numbers the nodes of one ruleset densely, for traces and coverage.
///
/// A node refers to its operands by address (``NodeRef``) in the ``NodeArena`` that owns them
/// all, not by value: walking a tree of values copied each operand out of its box, one atomic
/// increment and decrement per operand, which was most of a decision's time.
struct Node: @unchecked Sendable {
  let kind: Kind
  let range: SourceRange
  let id: Int

  enum Kind {
    case constant(Value)
    /// Wildcard `slot` of the matched block's bindings.
    case wildcard(slot: Int)
    /// Slot `slot` of the current function frame (parameters first, then `let`s).
    case local(slot: Int)
    /// The whole `request` map, built on demand.
    case request
    /// `request.<field>`, read without building the map.
    case requestField(RequestField)
    case resource
    case member(NodeRef, String)
    case index(NodeRef, NodeRef)
    case range(NodeRef, NodeRef?, NodeRef?)
    case unary(UnaryOperator, NodeRef)
    case binary(BinaryOperator, NodeRef, NodeRef)
    case logicalAnd(NodeRef, NodeRef)
    case logicalOr(NodeRef, NodeRef)
    case ternary(NodeRef, NodeRef, NodeRef)
    case isType(NodeRef, String)
    case list(NodeList)
    case map([(NodeRef, NodeRef)])
    case path([PathPart])
    /// A user function, by index.
    case callFunction(Int, NodeList)
    /// A built-in function, resolved when compiling.
    case callBuiltin(BuiltinFunctionID, NodeList)
    /// A built-in method, resolved by name when compiling; the receiver's runtime type picks
    /// the implementation.
    case callMethod(NodeRef, BuiltinMethodID, NodeList)
    /// A call of a name no function or method has, with the receiver of a method call: it
    /// evaluates to `Function not found` (decisions.md §21: such a file deploys and runs).
    case callUnknown(NodeRef?, String, NodeList)
    case firestoreGet(NodeRef)
    case firestoreExists(NodeRef)
    /// A name that resolves to nothing: evaluating it is this error.
    case failure(EvaluationError)
  }

  enum PathPart {
    case text(String)
    case interpolation(NodeRef)
  }
}

/// The fields of `request` a compiled node reads directly.
enum RequestField: String, Sendable, CaseIterable {
  case auth, path, time, resource, params, method

  /// The field `name` spells, told by its length and first byte before one comparison (the
  /// synthesized `init(rawValue:)` compares the name with each spelling in turn: 300
  /// instructions a member of `request` when compiling).
  init?(name: String) {
    let candidate: RequestField
    switch (name.utf8.count, name.utf8.first) {
    case (4, UInt8(ascii: "a")?): candidate = .auth
    case (4, UInt8(ascii: "p")?): candidate = .path
    case (4, UInt8(ascii: "t")?): candidate = .time
    case (8, UInt8(ascii: "r")?): candidate = .resource
    case (6, UInt8(ascii: "p")?): candidate = .params
    case (6, UInt8(ascii: "m")?): candidate = .method
    default: return nil
    }
    guard name == candidate.rawValue else { return nil }
    self = candidate
  }
}

/// The address of a node in the ``NodeArena`` that owns it; valid while the arena lives
/// (``Program`` holds the arena of a ruleset's nodes, a fold the arena of its own).
typealias NodeRef = UnsafePointer<Node>

/// Operands (a call's arguments, a list's elements) in the ``NodeArena`` that owns their nodes:
/// reading them copies no array.
typealias NodeList = UnsafeBufferPointer<NodeRef>

/// Owns compiled nodes: they are made once, never moved or changed, and freed with the arena.
/// Only the compiler that made the arena adds to it; once compiled, any thread may read.
final class NodeArena: @unchecked Sendable {
  private var full: [(start: UnsafeMutablePointer<Node>, count: Int)] = []
  private var lists: [UnsafeMutableBufferPointer<NodeRef>] = []
  private var current: UnsafeMutablePointer<Node>?
  private var used = 0
  private var capacity = 0

  /// Stores `node` and returns its address.
  func make(_ node: consuming Node) -> NodeRef {
    if used == capacity {
      if let current { full.append((current, used)) }
      // Chunks double from 16 (a fold's few nodes) to 4,096 (a ruleset's many).
      capacity = min(max(16, capacity * 2), 4_096)
      current = .allocate(capacity: capacity)
      used = 0
    }
    // `current` was set just above when there was no room.
    let slot = current.unsafelyUnwrapped + used
    slot.initialize(to: consume node)
    used += 1
    return UnsafePointer(slot)
  }

  /// Stores `nodes` (made by this arena) as one list.
  func list(_ nodes: [NodeRef]) -> NodeList {
    guard !nodes.isEmpty else { return NodeList(start: nil, count: 0) }
    let list = UnsafeMutableBufferPointer<NodeRef>.allocate(capacity: nodes.count)
    _ = list.initialize(fromContentsOf: nodes)
    lists.append(list)
    return NodeList(list)
  }

  deinit {
    // Addresses need no deinitializing.
    for list in lists { list.deallocate() }
    for chunk in full {
      chunk.start.deinitialize(count: chunk.count)
      chunk.start.deallocate()
    }
    if let current {
      current.deinitialize(count: used)
      current.deallocate()
    }
  }
}

/// A compiled user function; a class, so that a call reads it without copying its fields.
final class CompiledFunction: @unchecked Sendable {
  let name: String
  let parameterNames: [String]
  let parameterCount: Int
  /// The `let` values in order; slot of let `i` is `parameterCount + i`.
  let lets: [NodeRef]
  let body: NodeRef
  let slotCount: Int

  init(name: String, parameterNames: [String], lets: [NodeRef], body: NodeRef) {
    self.name = name
    self.parameterNames = parameterNames
    self.parameterCount = parameterNames.count
    self.lets = lets
    self.body = body
    self.slotCount = parameterNames.count + lets.count
  }
}
