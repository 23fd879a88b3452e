extension Schema {
    /// The four screens of the seeds, in the order the playground shows them.
    public static let seeds = Schema(screens: [.profile, .checkout, .gift, .tasks])
}
