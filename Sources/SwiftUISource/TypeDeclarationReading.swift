import FocusCore
internal import SwiftSyntax

/// The structs that are not views, and the enums.
extension ReadContext {
    /// A struct's stored properties; its methods and computed properties are left out, with a
    /// warning each.
    func modelDeclaration(_ name: String, _ node: StructDeclSyntax) -> ModelDeclaration {
        var properties: [ModelDeclaration.Property] = []
        for member in node.memberBlock.members {
            let declaration = member.decl
            if declaration.is(StructDeclSyntax.self) || declaration.is(EnumDeclSyntax.self) { continue }
            guard let variable = declaration.as(VariableDeclSyntax.self),
                !variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) })
            else {
                warn("This member of `\(name)` is not modelled: it is left out.", at: declaration)
                continue
            }
            for binding in variable.bindings {
                guard let propertyName = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    binding.accessorBlock == nil
                else {
                    warn("This property of `\(name)` is not modelled: only stored properties are.", at: binding)
                    continue
                }
                properties.append(
                    ModelDeclaration.Property(
                        name: propertyName, type: binding.typeAnnotation.map { typeName($0.type) },
                        initial: binding.initializer.map { expression($0.value) },
                        isLet: variable.bindingSpecifier.tokenKind == .keyword(.let), span: span(of: binding)))
            }
        }
        return ModelDeclaration(name: name, properties: properties, span: span(of: node))
    }

    /// An enum's cases with their payload labels and `Int` raw values (explicit, or one more
    /// than the case before, from 0).
    func enumDeclaration(_ name: String, _ node: EnumDeclSyntax) -> EnumDeclaration {
        let inherited = node.inheritanceClause?.inheritedTypes.map { $0.type.sourceText } ?? []
        let intRawValues = inherited.first == "Int"
        if let first = node.inheritanceClause?.inheritedTypes.first,
            ["String", "Character", "Double"].contains(first.type.sourceText)
        {
            warn("`\(first.type.sourceText)` raw values are not modelled: only `Int` ones are.", at: first)
        }
        var cases: [EnumDeclaration.Case] = []
        var methods: [MethodDeclaration] = []
        var computedProperties: [MethodDeclaration] = []
        var next = 0
        for member in node.memberBlock.members {
            let declaration = member.decl
            if declaration.is(StructDeclSyntax.self) || declaration.is(EnumDeclSyntax.self) { continue }
            if let function = declaration.as(FunctionDeclSyntax.self), !isStatic(function.modifiers) {
                methods.append(method(function))
                continue
            }
            if let variable = declaration.as(VariableDeclSyntax.self), !isStatic(variable.modifiers),
                let computed = getters(variable)
            {
                computedProperties += computed
                continue
            }
            guard let caseDeclaration = declaration.as(EnumCaseDeclSyntax.self) else {
                warn("This member of `\(name)` is not modelled: it is left out.", at: declaration)
                continue
            }
            for element in caseDeclaration.elements {
                var rawValue: Int?
                if intRawValues {
                    if let explicit = element.rawValue?.value {
                        if let value = integer(explicit) {
                            next = value
                        } else {
                            warn(
                                "The raw value `\(explicit.sourceText)` is not modelled: it counts on from the case before.",
                                at: explicit)
                        }
                    }
                    rawValue = next
                    next += 1
                }
                let labels = element.parameterClause?.parameters.map { parameter -> String? in
                    guard let first = parameter.firstName, first.tokenKind != .wildcard else { return nil }
                    return first.text
                }
                cases.append(
                    EnumDeclaration.Case(
                        name: element.name.text, payloadLabels: labels ?? [], rawValue: rawValue, span: span(of: element)))
            }
        }
        return EnumDeclaration(
            name: name, cases: cases, caseIterable: inherited.contains("CaseIterable"), intRawValues: intRawValues,
            span: span(of: node), methods: methods, computedProperties: computedProperties)
    }

    private func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { ["static", "class"].contains($0.name.text) }
    }

    /// Each binding of `variable` as a getter, or `nil` unless every one is a plain getter.
    private func getters(_ variable: VariableDeclSyntax) -> [MethodDeclaration]? {
        var result: [MethodDeclaration] = []
        for binding in variable.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                case .getter(let items)? = binding.accessorBlock?.accessors
            else { return nil }
            result.append(
                MethodDeclaration(
                    name: name, parameters: [], returnType: binding.typeAnnotation.map { typeName($0.type) },
                    body: returningBody(items), span: span(of: binding)))
        }
        return result
    }

    private func integer(_ node: ExprSyntax) -> Int? {
        if let literal = node.as(IntegerLiteralExprSyntax.self) { return literal.representedLiteralValue }
        if let negative = node.as(PrefixOperatorExprSyntax.self), negative.operator.text == "-",
            let literal = negative.expression.as(IntegerLiteralExprSyntax.self)?.representedLiteralValue
        {
            return -literal
        }
        return nil
    }
}
