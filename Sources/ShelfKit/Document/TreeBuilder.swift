/// Assembles nodes from a stream of parse events.
struct TreeBuilder {
    enum Open {
        case sequence(start: Int, isFlow: Bool, anchor: String?)
        case mapping(start: Int, isFlow: Bool, anchor: String?)
    }

    private struct Frame {
        var kind: Open
        var children: [YAMLNode] = []
    }

    private var stack: [Frame] = []
    private(set) var root: YAMLNode?
    /// Completed anchored nodes by name; a later definition replaces an earlier one.
    private(set) var anchors: [String: YAMLNode] = [:]

    /// How many collections are open.
    var depth: Int { stack.count }

    mutating func open(_ kind: Open) {
        stack.append(Frame(kind: kind))
    }

    /// Closes the innermost collection. A flow collection ends at its closing bracket; a block
    /// collection's end event sits at the next token (past comments), so it ends with its last child.
    mutating func close(flowEnd: Int) {
        guard let frame = stack.popLast() else { return }
        let node: YAMLNode
        switch frame.kind {
        case let .sequence(start, isFlow, anchor):
            let end = isFlow ? flowEnd : (frame.children.last?.range.upperBound ?? flowEnd)
            node = .sequence(YAMLSequence(items: frame.children, isFlow: isFlow, range: start..<end, anchor: anchor))
        case let .mapping(start, isFlow, anchor):
            let end = isFlow ? flowEnd : (frame.children.last?.range.upperBound ?? flowEnd)
            var entries: [YAMLMapEntry] = []
            entries.reserveCapacity(frame.children.count / 2)
            var index = 0
            while index + 1 < frame.children.count {
                entries.append(YAMLMapEntry(key: frame.children[index], value: frame.children[index + 1]))
                index += 2
            }
            node = .mapping(YAMLMapping(entries: entries, isFlow: isFlow, range: start..<end, anchor: anchor))
        }
        add(node)
    }

    mutating func add(_ node: YAMLNode) {
        if let anchor = node.anchor { anchors[anchor] = node }
        if stack.isEmpty {
            root = node
        } else {
            stack[stack.count - 1].children.append(node)
        }
    }
}
