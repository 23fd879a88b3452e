/// The colours members are shown in, in the order they are handed out. Each has at least 4.5:1
/// contrast against white, so a name written in it stays readable.
enum MemberColors {
    static let palette = [
        "#1f6feb", "#b3261e", "#1a7f37", "#8250df", "#bc4c00", "#0b7285", "#c2255c", "#5c6b00",
    ]

    /// Names the server gives to members who do not bring one: pioneers of computing.
    static let friendlyNames = [
        "Ada", "Grace", "Alan", "Katherine", "Edsger", "Barbara", "Donald", "Margaret",
        "Dennis", "Radia", "Frances", "John", "Hedy", "Tim", "Annie", "Claude",
    ]
}
