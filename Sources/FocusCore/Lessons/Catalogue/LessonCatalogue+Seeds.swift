extension LessonCatalogue {
    /// One lesson per seed screen, in the order the playground shows the screens.
    public static let seeds = LessonCatalogue(lessons: [.profileSource, .checkoutSource, .giftSource, .tasksSource])
}
