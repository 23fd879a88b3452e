/// The colours members are shown in, in the order they are handed out: twelve, each at least
/// 4.7:1 against white and 3:1 against the dark scheme's surfaces, any two at least 14.6 apart
/// (CIEDE2000), and none blue, so no one is mistaken for the page's own focus ring.
enum MemberColors {
    static let palette = [
        "#d20e00", "#0d8625", "#b92ed5", "#007a84", "#827300", "#895b74",
        "#9f5617", "#e30b4d", "#02785d", "#c70b83", "#9a6659", "#5e6f41",
    ]

    /// Names the server gives to members who do not bring one: pioneers of computing.
    static let friendlyNames = [
        "Ada", "Grace", "Alan", "Katherine", "Edsger", "Barbara", "Donald", "Margaret",
        "Dennis", "Radia", "Frances", "John", "Hedy", "Tim", "Annie", "Claude",
    ]
}
