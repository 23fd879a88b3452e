internal import SwiftSyntax

/// The type declarations of a source, nested ones included, each with the name Swift qualifies
/// it with, in source order.
struct DeclarationCollection {
    var views: [(name: String, node: StructDeclSyntax)] = []
    var models: [(name: String, node: StructDeclSyntax)] = []
    var enums: [(name: String, node: EnumDeclSyntax)] = []
    var extensions: [ExtensionDeclSyntax] = []
    /// Top-level declarations and statements outside the subset, for a warning each.
    var others: [Syntax] = []

    init(_ file: SourceFileSyntax) {
        for item in file.statements {
            guard case .decl(let declaration) = item.item else {
                // `#Preview { … }` at the top level reads as an expression; it is left out silently.
                if case .expr(let expression) = item.item, expression.is(MacroExpansionExprSyntax.self) { continue }
                others.append(Syntax(item))
                continue
            }
            collect(declaration, in: nil)
        }
    }

    /// Whether `node` says it is a SwiftUI `View` and has a `body`.
    static func isView(_ node: StructDeclSyntax) -> Bool {
        let conformances = node.inheritanceClause?.inheritedTypes.map { $0.type.sourceText } ?? []
        return conformances.contains { $0 == "View" || $0 == "SwiftUI.View" } && bodyProperty(of: node) != nil
    }

    /// The `var body` of a struct.
    static func bodyProperty(of node: StructDeclSyntax) -> PatternBindingSyntax? {
        for member in node.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            if let body = variable.bindings.first(where: { $0.pattern.sourceText == "body" }) { return body }
        }
        return nil
    }

    private mutating func collect(_ declaration: DeclSyntax, in outer: String?) {
        if declaration.is(ImportDeclSyntax.self) || declaration.is(MacroExpansionDeclSyntax.self) { return }
        if let structure = declaration.as(StructDeclSyntax.self) {
            let name = qualified(structure.name.text, in: outer)
            let conformances = structure.inheritanceClause?.inheritedTypes.map { $0.type.sourceText } ?? []
            if Self.isView(structure) {
                views.append((name, structure))
            } else if conformances.contains(where: { ["App", "Scene", "PreviewProvider"].contains($0) }) {
                if !conformances.contains("PreviewProvider") { others.append(Syntax(structure)) }
                return
            } else {
                models.append((name, structure))
            }
            for member in structure.memberBlock.members { collectNested(member.decl, in: name) }
        } else if let enumeration = declaration.as(EnumDeclSyntax.self) {
            let name = qualified(enumeration.name.text, in: outer)
            enums.append((name, enumeration))
            for member in enumeration.memberBlock.members { collectNested(member.decl, in: name) }
        } else if let extensionDeclaration = declaration.as(ExtensionDeclSyntax.self), outer == nil {
            extensions.append(extensionDeclaration)
        } else if outer == nil {
            others.append(Syntax(declaration))
        }
    }

    private mutating func collectNested(_ declaration: DeclSyntax, in outer: String) {
        if declaration.is(StructDeclSyntax.self) || declaration.is(EnumDeclSyntax.self) { collect(declaration, in: outer) }
    }

    private func qualified(_ name: String, in outer: String?) -> String {
        outer.map { $0 + "." + name } ?? name
    }
}
