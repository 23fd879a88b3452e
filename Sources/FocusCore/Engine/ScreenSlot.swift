/// A screen of the schema together with where its state sits in a session (the same position
/// as in the schema), looked up once per intent.
struct ScreenSlot {
    let declaration: ScreenDeclaration
    let index: Int

    var id: ScreenID { declaration.id }
}
