import FocusCore
internal import SwiftSyntax

/// A `struct X: View`: its stored properties with their wrappers, its `body`, its methods and
/// computed properties.
extension ReadContext {
    func viewDeclaration(_ name: String, _ node: StructDeclSyntax) -> ViewDeclaration {
        currentView = name
        defer { currentView = nil }
        var declaration = ViewDeclaration(name: name, properties: [], body: [], span: span(of: node))
        var initializers: [InitializerDeclSyntax] = []
        for member in node.memberBlock.members {
            if let initializer = member.decl.as(InitializerDeclSyntax.self) {
                initializers.append(initializer)
            } else {
                readMember(member.decl, into: &declaration)
            }
        }
        for initializer in initializers {
            let storedNames = Set(declaration.properties.map(\.name))
            guard let values = initialValues(of: initializer, storedNames: storedNames) else {
                warn("A view's own `init` is not modelled: the view is made memberwise from its properties.", at: initializer)
                continue
            }
            for index in declaration.properties.indices {
                if let value = values[declaration.properties[index].name] { declaration.properties[index].initial = value }
            }
        }
        return declaration
    }

    /// One member of a view (or of an extension of one) into `declaration`.
    func readMember(_ member: DeclSyntax, into declaration: inout ViewDeclaration) {
        if member.is(StructDeclSyntax.self) || member.is(EnumDeclSyntax.self) { return }
        if let variable = member.as(VariableDeclSyntax.self) {
            readVariable(variable, into: &declaration)
        } else if let function = member.as(FunctionDeclSyntax.self) {
            if returnsView(function.signature.returnClause?.type) {
                warn(
                    "A function that builds views (`\(function.name.text)`) is not modelled: a use of it draws nothing.",
                    at: function)
            } else {
                declaration.methods.append(method(function))
            }
        } else if member.is(InitializerDeclSyntax.self) {
            warn("A view's own `init` is not modelled: the view is made memberwise from its properties.", at: member)
        } else {
            warn("This declaration is not modelled in a view: it is left out.", at: member)
        }
    }

    private func readVariable(_ variable: VariableDeclSyntax, into declaration: inout ViewDeclaration) {
        let isStatic = variable.modifiers.contains { ["static", "class"].contains($0.name.text) }
        for binding in variable.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                warn("`\(binding.pattern.sourceText)` is not modelled: only a property with a plain name is.", at: binding)
                continue
            }
            let type = binding.typeAnnotation?.type
            if let accessors = binding.accessorBlock {
                if name == "body" {
                    if case .getter(let items) = accessors.accessors { declaration.body = viewNodes(items) }
                } else if returnsView(type) {
                    warn("A property that builds views (`\(name)`) is not modelled: a use of it draws nothing.", at: binding)
                } else if case .getter(let items) = accessors.accessors {
                    declaration.computedProperties.append(
                        MethodDeclaration(
                            name: name, parameters: [], returnType: type.map(typeName), body: returningBody(items),
                            span: span(of: binding)))
                } else {
                    warn("`\(name)` with accessors or observers is not modelled: it is left out.", at: binding)
                }
                continue
            }
            if isStatic {
                warn("The static property `\(name)` is not modelled: a use of it reads no value.", at: binding)
                continue
            }
            declaration.properties.append(
                ViewProperty(
                    name: name, wrapper: wrapper(of: variable, type: type),
                    type: type.map { focusBindingValueType($0) ?? typeName($0) },
                    initial: binding.initializer.map { expression($0.value) }, span: span(of: variable)))
        }
    }

    private func wrapper(of variable: VariableDeclSyntax, type: TypeSyntax?) -> ViewProperty.Wrapper {
        for attribute in variable.attributes {
            guard case .attribute(let attribute) = attribute else { continue }
            switch attribute.attributeName.sourceText {
            case "State": return .state
            case "FocusState": return .focusState
            case "Binding": return .binding
            case "FocusState.Binding": return .focusBinding
            case let other:
                warn("`@\(other)` is not modelled: the property reads as a plain one.", at: attribute)
            }
        }
        if let type, focusBindingValueType(type) != nil { return .focusBinding }
        return .plain
    }

    private func returnsView(_ type: TypeSyntax?) -> Bool {
        guard let type else { return false }
        let text = type.sourceText
        return text == "some View" || text == "any View" || text == "AnyView"
    }

    /// A method: its parameters (label `nil` for `_`), return type and statements.
    func method(_ node: FunctionDeclSyntax) -> MethodDeclaration {
        let parameters = node.signature.parameterClause.parameters.map { parameter in
            let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
            return MethodDeclaration.Parameter(
                label: label, name: (parameter.secondName ?? parameter.firstName).text, type: typeName(parameter.type))
        }
        let returnType = node.signature.returnClause.map { typeName($0.type) }
        let body = node.body.map { returnType == nil ? statements($0.statements) : returningBody($0.statements) } ?? []
        return MethodDeclaration(
            name: node.name.text, parameters: parameters, returnType: returnType, body: body, span: span(of: node))
    }

    /// The statements of a getter or of a function that returns a value: a body of one
    /// expression returns it, as Swift's implicit return does.
    func returningBody(_ items: CodeBlockItemListSyntax) -> [Statement] {
        let body = statements(items)
        if body.count == 1, let only = body.first, case .expression(let value) = only.kind {
            return [Statement(.returnValue(value), span: only.span)]
        }
        return body
    }
}
