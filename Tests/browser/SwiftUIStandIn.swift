// SwiftUI's signatures for just the parts the seed screens (Public/examples/seeds/) use, so that
// Tests/browser/test_swift_code.py can type-check them with `swiftc -typecheck` on Linux, where
// SwiftUI does not exist. The declarations follow Apple's; the bodies are placeholders and nothing
// here ever runs. A seed that uses more of SwiftUI needs its declaration added here.
import Foundation

@MainActor public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor var body: Body { get }
}
extension Never: View { public var body: Never { fatalError() } }
public protocol PrimitiveView: View where Body == Never {}
extension PrimitiveView { public var body: Never { fatalError() } }

public struct EmptyView: PrimitiveView { public init() {} }
public struct TupleView<T>: PrimitiveView { public init(_ value: T) {} }
public struct _ConditionalContent<T: View, F: View>: PrimitiveView {}
extension Optional: View where Wrapped: View { public var body: Never { fatalError() } }
public struct Modified<Content: View>: PrimitiveView {}

@MainActor @resultBuilder public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each C: View>(_ content: repeat each C) -> TupleView<(repeat each C)> {
        TupleView((repeat each content))
    }
    public static func buildIf<C: View>(_ content: C?) -> C? { content }
    public static func buildEither<T: View, F: View>(first: T) -> _ConditionalContent<T, F> { fatalError() }
    public static func buildEither<T: View, F: View>(second: F) -> _ConditionalContent<T, F> { fatalError() }
    public static func buildExpression<C: View>(_ content: C) -> C { content }
}

/// Storage for the property wrappers' nonmutating setters.
final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

@propertyWrapper public struct State<Value> {
    let box: Box<Value>
    public init(wrappedValue: Value) { box = Box(wrappedValue) }
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }
    public var projectedValue: Binding<Value> { Binding(get: { box.value }, set: { box.value = $0 }) }
}

@propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    let get: () -> Value
    let set: (Value) -> Void
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) { self.get = get; self.set = set }
    public init(projectedValue: Binding<Value>) { self = projectedValue }
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }
    public var projectedValue: Binding<Value> { self }
    public subscript<T>(dynamicMember keyPath: WritableKeyPath<Value, T>) -> Binding<T> {
        Binding<T>(
            get: { get()[keyPath: keyPath] },
            set: {
                var v = get(); v[keyPath: keyPath] = $0; set(v)
            })
    }
}

@propertyWrapper public struct FocusState<Value: Hashable> {
    public struct Binding {
        let box: Box<Value>
        public var wrappedValue: Value {
            get { box.value }
            nonmutating set { box.value = newValue }
        }
    }
    let box: Box<Value>
    public init<T: Hashable>() where Value == T? { box = Box(nil) }
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }
    public var projectedValue: Binding { Binding(box: box) }
}

public struct Animation {}
public struct Transaction { public init(animation: Animation?) {} }
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result { try body() }

public struct SubmitLabel: Sendable { public static let next = SubmitLabel(), done = SubmitLabel() }
public struct SubmitTriggers: Sendable { public static let text = SubmitTriggers() }
public enum UIKeyboardType { case `default`, emailAddress, phonePad }
public struct UITextContentType: Sendable {
    public static let givenName = UITextContentType(), familyName = UITextContentType(), name = UITextContentType()
    public static let streetAddressLine1 = UITextContentType(), telephoneNumber = UITextContentType()
    public static let emailAddress = UITextContentType()
}
public struct TextInputAutocapitalization: Sendable { public static let never = TextInputAutocapitalization() }
public enum ControlSize { case small, regular }
public enum ToolbarItemPlacement { case keyboard, automatic }
public enum ButtonRole { case destructive, cancel }
public enum HorizontalAlignment { case leading, center }
public enum VerticalAlignment { case top, center }

public protocol PrimitiveButtonStyle {}
public struct BorderedButtonStyle: PrimitiveButtonStyle {}
public struct BorderlessButtonStyle: PrimitiveButtonStyle {}
extension PrimitiveButtonStyle where Self == BorderedButtonStyle { public static var bordered: BorderedButtonStyle { .init() } }
extension PrimitiveButtonStyle where Self == BorderlessButtonStyle {
    public static var borderless: BorderlessButtonStyle { .init() }
}
public protocol ShapeStyle {}
public struct HierarchicalShapeStyle: ShapeStyle {}
extension ShapeStyle where Self == HierarchicalShapeStyle { public static var secondary: HierarchicalShapeStyle { .init() } }

extension View {
    public func focused<Value: Hashable>(_ binding: FocusState<Value>.Binding, equals value: Value) -> Modified<Self> { .init() }
    public func submitLabel(_ label: SubmitLabel) -> Modified<Self> { .init() }
    public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> Modified<Self> { .init() }
    public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> Modified<Self> { .init() }
    public func onAppear(perform action: (() -> Void)? = nil) -> Modified<Self> { .init() }
    public func onDisappear(perform action: (() -> Void)? = nil) -> Modified<Self> { .init() }
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> Modified<Self> {
        .init()
    }
    public func keyboardType(_ type: UIKeyboardType) -> Modified<Self> { .init() }
    public func textContentType(_ textContentType: UITextContentType?) -> Modified<Self> { .init() }
    public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> Modified<Self> { .init() }
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> Modified<Self> { .init() }
    public func controlSize(_ size: ControlSize) -> Modified<Self> { .init() }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Modified<Self> { .init() }
}

public struct Form<Content: View>: PrimitiveView { public init(@ViewBuilder content: () -> Content) {} }
public struct List<Content: View>: PrimitiveView { public init(@ViewBuilder content: () -> Content) {} }
public struct Section<Content: View>: PrimitiveView { public init(_ title: String, @ViewBuilder content: () -> Content) {} }
public struct HStack<Content: View>: PrimitiveView {
    public init(alignment: VerticalAlignment = .center, @ViewBuilder content: () -> Content) {}
}
public struct VStack<Content: View>: PrimitiveView {
    public init(alignment: HorizontalAlignment = .center, @ViewBuilder content: () -> Content) {}
}
public struct ToolbarItemGroup<Content: View>: PrimitiveView {
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {}
}
public struct ForEach<C: MutableCollection & RandomAccessCollection, Content: View>: PrimitiveView
where C.Element: Identifiable, C.Index: Hashable {
    public init(_ data: Binding<C>, @ViewBuilder content: @escaping (Binding<C.Element>) -> Content) {}
}
public struct TextField: PrimitiveView { public init(_ title: String, text: Binding<String>) {} }
public struct TextEditor: PrimitiveView { public init(text: Binding<String>) {} }
public struct Text: PrimitiveView { public init(_ content: String) {}; public init(_ attributed: AttributedString) {} }
public struct Button: PrimitiveView {
    public init(_ title: String, action: @escaping () -> Void) {}
    public init(_ title: String, role: ButtonRole?, action: @escaping () -> Void) {}
}

// Apple's Foundation parses Markdown into an AttributedString; Linux's does not.
extension AttributedString {
    public struct MarkdownParsingOptions {
        public enum InterpretedSyntax { case full, inlineOnly, inlineOnlyPreservingWhitespace }
        public init(
            allowsExtendedAttributes: Bool = false, interpretedSyntax: InterpretedSyntax = .full, languageCode: String? = nil
        ) {}
    }
    public init(markdown: String, options: MarkdownParsingOptions = .init(), baseURL: URL? = nil) throws { self.init(markdown) }
}
