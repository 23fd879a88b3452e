/// A control of a drawn screen as intents name it: the control's place in the view tree (the
/// case, like `c7`) and, inside a `ForEach`, the id of its row. It is a ``FocusKey``, so text
/// merging, field histories and the wire treat a program's fields as they treat the seeds'.
public typealias ControlKey = FocusKey
