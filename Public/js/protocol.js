// Generated from FocusProtocol (Sources/FocusProtocol/Vocabulary/PageProtocolModule.swift):
// do not edit. After changing the Swift, write it again with
//   FOCUS_SYNC_WRITE_PROTOCOL_JS=1 swift test --filter PageProtocolModuleTests
// The words the page and the server share on the wire (docs/PROTOCOL.md).

/** The WebSocket subprotocol the page offers. */
export const SUBPROTOCOL = 'focus-sync.v3';

/** WebSocket close codes: the server's, and the two the page closes with. */
export const CloseCode = Object.freeze({
  normalClosure: 1000,
  goingAway: 1001,
  policyViolation: 1008,
  noAnswer: 4000,
  replaced: 4001,
  unknownSession: 4404,
  sessionFull: 4409,
  reconnect: 4503,
});

/** Every error code the server sends (`{"type":"error","code":…}`). */
export const ErrorCode = Object.freeze({
  badJSON: 'bad_json',
  badMessage: 'bad_message',
  unknownAction: 'unknown_action',
  unknownScreen: 'unknown_screen',
  unknownKey: 'unknown_key',
  notCurrentScreen: 'not_current_screen',
  valueTooLong: 'value_too_long',
  badSplice: 'bad_splice',
  staleBase: 'stale_base',
  badCaret: 'bad_caret',
  unknownLesson: 'unknown_lesson',
  badLesson: 'bad_lesson',
  badSource: 'bad_source',
  actionFailed: 'action_failed',
  controlUnavailable: 'control_unavailable',
  stepHeld: 'step_held',
  notPresenter: 'not_presenter',
  unknownMember: 'unknown_member',
  notHelloFirst: 'not_hello_first',
  readOnly: 'read_only',
  rateLimited: 'rate_limited',
  sessionFull: 'session_full',
  unknownSession: 'unknown_session',
  sessionUnavailable: 'session_unavailable',
  badPath: 'bad_path',
  badRequest: 'bad_request',
  notFound: 'not_found',
  methodNotAllowed: 'method_not_allowed',
  lengthRequired: 'length_required',
  bodyTooLarge: 'body_too_large',
  missingSubprotocol: 'missing_subprotocol',
  forbiddenOrigin: 'forbidden_origin',
  unknownHost: 'unknown_host',
  shuttingDown: 'shutting_down',
  internalError: 'internal',
});

/** Why an `ack` says an intent changed nothing. */
export const AckReason = Object.freeze({
  unchanged: 'unchanged',
  duplicate: 'duplicate',
});

/** The `kind` of an event in an update or the log. */
export const EventKind = Object.freeze({
  focus: 'focus',
  edit: 'edit',
  navigate: 'navigate',
  state: 'state',
  timerSet: 'timerSet',
  restart: 'restart',
});

/** The `kind` of a view a program session draws (`state.program.drawn`). */
export const DrawnKind = Object.freeze({
  form: 'form',
  section: 'section',
  stack: 'stack',
  list: 'list',
  group: 'group',
  textField: 'textField',
  secureField: 'secureField',
  textEditor: 'textEditor',
  toggle: 'toggle',
  button: 'button',
  text: 'text',
  label: 'label',
  spacer: 'spacer',
  divider: 'divider',
  placeholder: 'placeholder',
});

/** The `severity` of a source diagnostic. */
export const DiagnosticSeverity = Object.freeze({
  error: 'error',
  warning: 'warning',
  note: 'note',
});

/** The `kind` of a source's syntax colour (`state.program.highlights`). */
export const HighlightKind = Object.freeze({
  keyword: 'keyword',
  type: 'type',
  string: 'string',
  number: 'number',
  comment: 'comment',
  attribute: 'attribute',
  directive: 'directive',
});

/** The syntax colour kinds in the order `state.program.highlights` numbers them (its every third number). */
export const HighlightKinds = Object.freeze(['keyword', 'type', 'string', 'number', 'comment', 'attribute', 'directive']);

/** The session's source as a text members splice: its screen and key on the wire (`source/source`). */
export const SourceText = Object.freeze({
  screen: 'source',
  key: 'source',
});

/** The default bounds on what intents may ask for. */
export const Limits = Object.freeze({
  maxValueLength: 10000,
  maxSessionTextBytes: 65536,
});
