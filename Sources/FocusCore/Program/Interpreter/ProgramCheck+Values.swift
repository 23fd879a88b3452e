extension ProgramCheck {
    /// The types a `@State` may start as a call of, besides the source's own enums and structs.
    static let makeableTypes: Set<String> = ["UUID", "String", "Int", "Double", "Bool", "Array"]

    /// A warning for each `@State` that starts as a call of a type the playground cannot make
    /// (`Date()`, `URL(string:)`): it starts empty, and what reads it fails on its own line.
    static func unmadeStates(of program: SwiftUIProgram) -> [ProgramWarning] {
        let own = Set(
            (program.enums.map(\.name) + program.models.map(\.name)).flatMap { name in
                [name, String(name.split(separator: ".").last ?? Substring(name))]
            })
        var warnings: [ProgramWarning] = []
        for view in program.screens + program.components {
            for property in view.properties where property.wrapper == .state {
                guard case .call(.name(let type), _)? = property.initial, type.first?.isUppercase == true,
                    !own.contains(type), !makeableTypes.contains(type)
                else { continue }
                warnings.append(
                    ProgramWarning(
                        span: property.span,
                        message:
                            "`\(type)(…)` is not a value the playground makes: `\(property.name)` starts empty, and what reads it stops there."
                    ))
            }
        }
        return warnings
    }
}
