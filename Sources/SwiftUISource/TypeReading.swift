import FocusCore
internal import SwiftSyntax

/// Types as the source spells them.
extension ReadContext {
    /// `String`, `Field?`, `[Item]`, `LoginForm.Field`; any other spelling as `.other(text)`.
    func typeName(_ node: TypeSyntax) -> TypeName {
        if let optional = node.as(OptionalTypeSyntax.self) { return .optional(typeName(optional.wrappedType)) }
        if let unwrapped = node.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return .optional(typeName(unwrapped.wrappedType))
        }
        if let array = node.as(ArrayTypeSyntax.self) { return .array(typeName(array.element)) }
        if let identifier = node.as(IdentifierTypeSyntax.self) {
            guard let generics = identifier.genericArgumentClause else { return .named(identifier.name.text) }
            if generics.arguments.count == 1, case .type(let argument)? = generics.arguments.first?.argument {
                switch identifier.name.text {
                case "Optional": return .optional(typeName(argument))
                case "Array": return .array(typeName(argument))
                default: break
                }
            }
            return .other(node.sourceText)
        }
        if let member = node.as(MemberTypeSyntax.self), member.genericArgumentClause == nil,
            case .named(let base) = typeName(member.baseType)
        {
            return .named(base + "." + member.name.text)
        }
        return .other(node.sourceText)
    }

    /// `T` of `FocusState<T>.Binding`, or `nil` when `node` is not that type.
    func focusBindingValueType(_ node: TypeSyntax) -> TypeName? {
        guard let member = node.as(MemberTypeSyntax.self), member.name.text == "Binding",
            let base = member.baseType.as(IdentifierTypeSyntax.self), base.name.text == "FocusState",
            let arguments = base.genericArgumentClause?.arguments, arguments.count == 1,
            case .type(let value)? = arguments.first?.argument
        else { return nil }
        return typeName(value)
    }
}
