extension LessonCatalogue {
    /// One lesson per seed screen, in the order the playground shows the screens.
    public static let seeds = LessonCatalogue(lessons: [
        .profileKeyboard, .checkoutAmbiguous, .giftAutoFocus, .tasksFocusedRow, .profileSource, .checkoutSource, .giftSource,
        .tasksSource,
    ])
}
