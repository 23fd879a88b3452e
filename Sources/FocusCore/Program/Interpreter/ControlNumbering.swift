/// How controls are numbered: depth first through the declaration tree, every branch of an `if`
/// and a `switch` counted whether it shows or not, a `ForEach`'s content once, a component's body
/// where it is used, and a view's toolbar content after its own content. So a control's number
/// (`c7`) stays the same while the source does, whatever the state.
struct ControlNumbering {
    let program: SwiftUIProgram

    /// Components nest at most this deep (a view that uses itself stops here).
    static let componentDepth = 8

    /// Whether a node is a control (it has a key).
    static func isControl(_ kind: ViewKind) -> Bool {
        switch kind {
        case .textInput, .toggle, .button: true
        default: false
        }
    }

    func count(_ nodes: [ViewNode], depth: Int = 0) -> Int {
        nodes.reduce(0) { $0 + count($1, depth: depth) }
    }

    func count(_ node: ViewNode, depth: Int = 0) -> Int {
        var total = Self.isControl(node.kind) ? 1 : 0
        total += count(Self.children(of: node.kind), depth: depth)
        if case .component(let name, _) = node.kind, depth < Self.componentDepth,
            let component = program.components.first(where: { $0.name == name })
        {
            total += count(component.body, depth: depth + 1)
        }
        for modifier in node.modifiers {
            if case .toolbar(let groups) = modifier.kind {
                for group in groups { total += count(group.content, depth: depth) }
            }
        }
        return total
    }

    /// The nodes inside a node, every branch in order (not a button's label: it holds no controls).
    static func children(of kind: ViewKind) -> [ViewNode] {
        switch kind {
        case .container(_, _, let content), .unmodelled(_, let content): content
        case .forEach(let view): view.content
        case .conditional(_, let then, let otherwise): then + otherwise
        case .switchView(_, let cases): cases.flatMap(\.body)
        default: []
        }
    }
}
