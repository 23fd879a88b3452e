import FocusCore
internal import SwiftDiagnostics
internal import SwiftParser
internal import SwiftSyntax

/// Reads a SwiftUI source into FocusCore's plain program data with the toolchain's own parser:
/// `Parser.parse(source:)`, then a walk over the declarations that folds each sequence of
/// operators with Swift's precedence (`OperatorTable`) as it reaches it. Nothing is type-checked.
public enum SourceReader {
    /// `source` as a `SwiftUIProgram`, or only its syntax errors when it does not parse.
    ///
    /// A source that parses is always read: whatever lies outside the subset is kept as an
    /// `unmodelled` piece (or left out) with a warning at its line and column saying so.
    public static func read(_ source: String) -> SourceReading {
        if let tooDeep = BracketDepthGuard.diagnostic(for: source) {
            return SourceReading(program: nil, diagnostics: [tooDeep])
        }
        let parsed = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: "source.swift", tree: parsed)
        let syntax = SyntaxCheck.diagnostics(of: parsed, parsedFrom: source, converter: converter)
        let highlights = SourceHighlighting.highlights(of: parsed, in: source)
        if syntax.contains(where: { $0.severity == .error }) {
            return SourceReading(program: nil, diagnostics: syntax, highlights: highlights)
        }

        let collection = DeclarationCollection(parsed)

        var viewNames: [String: String] = [:]
        for view in collection.views {
            viewNames[view.name] = view.name
            let simple = String(view.name.split(separator: ".").last ?? Substring(view.name))
            if viewNames[simple] == nil { viewNames[simple] = view.name }
        }
        let context = ReadContext(converter: converter, viewNames: viewNames)

        let enums = collection.enums.map { context.enumDeclaration($0.name, $0.node) }
        let models = collection.models.map { context.modelDeclaration($0.name, $0.node) }
        var views = collection.views.map { context.viewDeclaration($0.name, $0.node) }
        for extensionDeclaration in collection.extensions { context.readExtension(extensionDeclaration, into: &views) }
        for other in collection.others {
            context.warn("This top-level code is not modelled: it is left out.", at: other)
        }

        let program = SwiftUIProgram(
            enums: enums, models: models, screens: views.filter { !context.usedViews.contains($0.name) },
            components: views.filter { context.usedViews.contains($0.name) })
        let diagnostics = (syntax + context.diagnostics).sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        return SourceReading(program: program, diagnostics: diagnostics, highlights: highlights)
    }
}

extension ReadContext {
    /// The methods and computed properties of `extension X` onto view `X`; any other extension
    /// is left out with a warning.
    func readExtension(_ node: ExtensionDeclSyntax, into views: inout [ViewDeclaration]) {
        let extended = node.extendedType.sourceText
        guard let name = viewNames[extended], let index = views.firstIndex(where: { $0.name == name }) else {
            warn("An extension of `\(extended)` is not modelled: it is left out.", at: node)
            return
        }
        currentView = name
        defer { currentView = nil }
        for member in node.memberBlock.members {
            if member.decl.is(VariableDeclSyntax.self) || member.decl.is(FunctionDeclSyntax.self) {
                readMember(member.decl, into: &views[index])
            } else {
                warn("This member of an extension is not modelled: it is left out.", at: member.decl)
            }
        }
    }
}
