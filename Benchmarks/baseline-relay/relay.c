/*
 * baseline-relay: the floor under FocusSync's cost per delivery (docs/PERFORMANCE.md, "The
 * libwebsockets floor"). A libwebsockets server that speaks just enough of the FocusSync
 * protocol for focus-bench to drive it, and does no model work at all:
 *
 *   POST /api/sessions   201 {"id":"…","viewer":"…"}
 *   GET  /healthz        200 {"status":"ok","connections":N,"sessions":M}
 *   /ws?session=<id>     WebSocket, subprotocol focus-sync.v3
 *     hello   -> a small snapshot naming the member ("you":{"member":"mK",…})
 *     intent  -> one focus-change update to every member of the session, of the shape and
 *                size of FocusSync's (revision, by, the intent's seq, at, one focus event)
 *     ping    -> pong
 *
 * It takes focus-sync's command line (focus-bench passes it), ignores the options that do
 * not apply to it, and is set up like focus-sync's transport where that matters for cost:
 * the libuv loop by default (--event-loop poll for libwebsockets' own), a 512-byte receive
 * buffer and 32 KB sends per WebSocket, 16 KB of per-thread buffer and header room, no
 * libwebsockets keepalive, no UTF-8 validation by the library, no compression.
 *
 * One service thread (the main thread); another thread only waits for SIGINT/SIGTERM and
 * exits the process, since the relay keeps nothing. Benchmark code, not part of the product:
 * `make bench-baseline` builds it into .build/baseline-relay.
 */
#define _GNU_SOURCE
#include <libwebsockets.h>

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#define SUBPROTOCOL "focus-sync.v3"
#define ID_LENGTH 30
#define USAGE_ERROR 64

/* ---- Messages: written once, shared by every connection they go to. ---- */

/* A server message with LWS_PRE bytes of headroom in front of its payload. */
struct message {
	unsigned refs;
	size_t length;
	unsigned char bytes[]; /* LWS_PRE headroom, then the payload */
};

static struct message *message_new(size_t length)
{
	struct message *message = malloc(sizeof(*message) + LWS_PRE + length);
	if (!message) {
		fprintf(stderr, "baseline-relay: out of memory\n");
		exit(1);
	}
	message->refs = 1;
	message->length = length;
	return message;
}

static unsigned char *message_payload(struct message *message)
{
	return message->bytes + LWS_PRE;
}

static void message_release(struct message *message)
{
	if (--message->refs == 0)
		free(message);
}

/* A message formatted with printf, at most `capacity` bytes. */
static struct message *message_format(size_t capacity, const char *format, ...)
	__attribute__((format(printf, 2, 3)));

static struct message *message_format(size_t capacity, const char *format, ...)
{
	struct message *message = message_new(capacity);
	va_list arguments;
	va_start(arguments, format);
	int length = vsnprintf((char *)message_payload(message), capacity, format, arguments);
	va_end(arguments);
	if (length < 0 || (size_t)length >= capacity) {
		fprintf(stderr, "baseline-relay: a message outgrew its %zu bytes\n", capacity);
		exit(1);
	}
	message->length = (size_t)length;
	return message;
}

/* ---- Sessions and connections. ---- */

struct connection;

struct session {
	char id[ID_LENGTH + 1];
	char viewer[ID_LENGTH + 1];
	long long revision;
	unsigned last_member;
	struct connection **members;
	size_t member_count, member_capacity;
};

struct queued {
	struct message *message;
	struct queued *next;
};

/* libwebsockets' per-connection data for the WebSocket protocol (zeroed when it opens). */
struct connection {
	struct lws *wsi;
	struct session *session;
	unsigned member;    /* 0 until hello */
	size_t slot;        /* index in session->members once joined */
	struct queued *head, *tail;
	unsigned char *assembly; /* a message that arrived in pieces */
	size_t assembled, assembly_capacity;
};

static struct {
	struct session **items;
	size_t count, capacity;
} sessions;

static size_t open_connections;
static size_t max_message_bytes = 65536;

static void *grow(void *items, size_t *capacity, size_t item_size)
{
	*capacity = *capacity ? *capacity * 2 : 16;
	void *grown = realloc(items, *capacity * item_size);
	if (!grown) {
		fprintf(stderr, "baseline-relay: out of memory\n");
		exit(1);
	}
	return grown;
}

static void random_id(char *id, const char *prefix)
{
	static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
	unsigned char bytes[ID_LENGTH];
	if (getrandom(bytes, sizeof(bytes), 0) != (ssize_t)sizeof(bytes)) {
		fprintf(stderr, "baseline-relay: getrandom failed: %s\n", strerror(errno));
		exit(1);
	}
	for (size_t i = 0; i < ID_LENGTH; i++)
		id[i] = alphabet[bytes[i] & 63];
	if (prefix)
		memcpy(id, prefix, 8); /* a viewer capability shares its session's first 8 characters */
	id[ID_LENGTH] = '\0';
}

static struct session *session_create(void)
{
	struct session *session = calloc(1, sizeof(*session));
	if (!session) {
		fprintf(stderr, "baseline-relay: out of memory\n");
		exit(1);
	}
	random_id(session->id, NULL);
	random_id(session->viewer, session->id);
	if (sessions.count == sessions.capacity)
		sessions.items = grow(sessions.items, &sessions.capacity, sizeof(*sessions.items));
	sessions.items[sessions.count++] = session;
	return session;
}

/* Looked up once per connection, when it opens. */
static struct session *session_named(const char *id)
{
	for (size_t i = 0; i < sessions.count; i++)
		if (strcmp(sessions.items[i]->id, id) == 0)
			return sessions.items[i];
	return NULL;
}

static void session_add(struct session *session, struct connection *connection)
{
	if (session->member_count == session->member_capacity)
		session->members = grow(session->members, &session->member_capacity, sizeof(*session->members));
	connection->slot = session->member_count;
	session->members[session->member_count++] = connection;
}

static void session_remove(struct session *session, struct connection *connection)
{
	struct connection *last = session->members[--session->member_count];
	session->members[connection->slot] = last;
	last->slot = connection->slot;
}

/* ---- Writing. ---- */

/* Writes at once when nothing waits before it on this connection, else queues it for the
 * next writeable callback. */
static void send_message(struct connection *connection, struct message *message)
{
	if (!connection->head && !lws_partial_buffered(connection->wsi)) {
		if (lws_write(connection->wsi, message_payload(message), message->length, LWS_WRITE_TEXT) <
		    (int)message->length)
			lws_set_timeout(connection->wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC);
		return;
	}
	struct queued *queued = malloc(sizeof(*queued));
	if (!queued) {
		fprintf(stderr, "baseline-relay: out of memory\n");
		exit(1);
	}
	message->refs++;
	queued->message = message;
	queued->next = NULL;
	if (connection->tail)
		connection->tail->next = queued;
	else
		connection->head = queued;
	connection->tail = queued;
	lws_callback_on_writable(connection->wsi);
}

/* One queued message per writeable callback. */
static int write_next(struct connection *connection)
{
	struct queued *queued = connection->head;
	if (!queued)
		return 0;
	connection->head = queued->next;
	if (!connection->head)
		connection->tail = NULL;
	struct message *message = queued->message;
	free(queued);
	int written = lws_write(connection->wsi, message_payload(message), message->length, LWS_WRITE_TEXT);
	bool failed = written < (int)message->length;
	message_release(message);
	if (failed)
		return -1;
	if (connection->head)
		lws_callback_on_writable(connection->wsi);
	return 0;
}

static void drop_queue(struct connection *connection)
{
	while (connection->head) {
		struct queued *queued = connection->head;
		connection->head = queued->next;
		message_release(queued->message);
		free(queued);
	}
	connection->tail = NULL;
}

/* ---- The protocol, read by scanning, as focus-bench reads it. ---- */

static const char *find(const char *text, size_t length, const char *key)
{
	const char *found = memmem(text, length, key, strlen(key));
	return found ? found + strlen(key) : NULL;
}

/* The value of the first `"type":"…"`, compared with `name`. */
static bool has_type(const char *text, size_t length, const char *name)
{
	const char *value = find(text, length, "\"type\":\"");
	size_t name_length = strlen(name);
	return value && (size_t)(text + length - value) > name_length &&
	       memcmp(value, name, name_length) == 0 && value[name_length] == '"';
}

/* The first `"seq":` number, or 0. */
static long long seq_of(const char *text, size_t length)
{
	const char *digit = find(text, length, "\"seq\":");
	long long seq = 0;
	for (int count = 0; digit && digit < text + length && *digit >= '0' && *digit <= '9' && count < 18;
	     digit++, count++)
		seq = seq * 10 + (*digit - '0');
	return seq;
}

static long long now_milliseconds(void)
{
	struct timespec now;
	clock_gettime(CLOCK_REALTIME, &now);
	return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

static void joined(struct connection *connection)
{
	struct session *session = connection->session;
	if (!connection->member) {
		connection->member = ++session->last_member;
		session_add(session, connection);
	}
	struct message *snapshot = message_format(
		512,
		"{\"type\":\"snapshot\",\"revision\":%lld,\"you\":{\"member\":\"m%u\",\"name\":\"Bench\","
		"\"color\":\"#d20e00\",\"seq\":0,\"splices\":{}},\"role\":\"editor\",\"viewer\":\"%s\","
		"\"members\":[],\"schema\":{},\"state\":{},\"log\":[]}",
		session->revision, connection->member, session->viewer);
	send_message(connection, snapshot);
	message_release(snapshot);
}

/* A focus tap becomes one update to every member, the sender included. */
static void relay_intent(struct connection *connection, const char *text, size_t length)
{
	struct session *session = connection->session;
	const char *key = find(text, length, "\"key\":\"");
	bool to_first = key && (size_t)(text + length - key) >= 9 && memcmp(key, "firstName", 9) == 0;
	struct message *update = message_format(
		256,
		"{\"type\":\"update\",\"revision\":%lld,\"by\":\"m%u\",\"seq\":%lld,\"at\":%lld,\"events\":"
		"[{\"kind\":\"focus\",\"screen\":\"profile\",\"from\":\"%s\",\"to\":\"%s\",\"cause\":\"tap\"}],"
		"\"patch\":{}}",
		++session->revision, connection->member, seq_of(text, length), now_milliseconds(),
		to_first ? "lastName" : "firstName", to_first ? "firstName" : "lastName");
	for (size_t i = 0; i < session->member_count; i++)
		send_message(session->members[i], update);
	message_release(update);
}

static void handle_message(struct connection *connection, const char *text, size_t length)
{
	if (has_type(text, length, "intent")) {
		if (connection->member)
			relay_intent(connection, text, length);
	} else if (has_type(text, length, "hello")) {
		joined(connection);
	} else if (has_type(text, length, "ping")) {
		struct message *pong = message_format(32, "{\"type\":\"pong\"}");
		send_message(connection, pong);
		message_release(pong);
	}
}

/* A piece of a message: handled in place when it is a whole message, else gathered. */
static int receive(struct connection *connection, const unsigned char *bytes, size_t length)
{
	bool complete = lws_is_final_fragment(connection->wsi) && lws_remaining_packet_payload(connection->wsi) == 0;
	if (complete && connection->assembled == 0) {
		handle_message(connection, (const char *)bytes, length);
		return 0;
	}
	if (connection->assembled + length > max_message_bytes) {
		static const char reason[] = "message too big";
		lws_close_reason(connection->wsi, LWS_CLOSE_STATUS_MESSAGE_TOO_LARGE, (unsigned char *)reason,
				 sizeof(reason) - 1);
		return -1;
	}
	while (connection->assembled + length > connection->assembly_capacity)
		connection->assembly = grow(connection->assembly, &connection->assembly_capacity, 1);
	memcpy(connection->assembly + connection->assembled, bytes, length);
	connection->assembled += length;
	if (complete) {
		handle_message(connection, (const char *)connection->assembly, connection->assembled);
		connection->assembled = 0;
	}
	return 0;
}

static int websocket_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len)
{
	struct connection *connection = user;
	switch (reason) {
	case LWS_CALLBACK_ESTABLISHED: {
		char buffer[128];
		const char *id = lws_get_urlarg_by_name(wsi, "session=", buffer, (int)sizeof(buffer));
		struct session *session = id ? session_named(id) : NULL;
		if (!session)
			return -1;
		connection->wsi = wsi;
		connection->session = session;
		open_connections++;
		return 0;
	}
	case LWS_CALLBACK_RECEIVE:
		if (lws_frame_is_binary(wsi))
			return 0;
		return receive(connection, in, len);
	case LWS_CALLBACK_SERVER_WRITEABLE:
		return write_next(connection);
	case LWS_CALLBACK_CLOSED:
		if (!connection->wsi)
			return 0;
		if (connection->member)
			session_remove(connection->session, connection);
		drop_queue(connection);
		free(connection->assembly);
		connection->assembly = NULL;
		connection->wsi = NULL;
		open_connections--;
		return 0;
	default:
		return 0;
	}
}

/* ---- HTTP. ---- */

static int respond(struct lws *wsi, unsigned status, const char *body)
{
	size_t length = strlen(body);
	unsigned char head[LWS_PRE + 512];
	unsigned char *start = head + LWS_PRE, *position = start, *end = head + sizeof(head) - 1;
	if (lws_add_http_common_headers(wsi, status, "application/json", length, &position, end) ||
	    lws_finalize_write_http_header(wsi, start, &position, end))
		return -1;
	unsigned char payload[LWS_PRE + 512];
	if (length > sizeof(payload) - LWS_PRE)
		return -1;
	memcpy(payload + LWS_PRE, body, length);
	if (lws_write(wsi, payload + LWS_PRE, length, LWS_WRITE_HTTP_FINAL) < (int)length)
		return -1;
	return lws_http_transaction_completed(wsi) ? -1 : 0;
}

static int http_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len)
{
	if (reason != LWS_CALLBACK_HTTP)
		return lws_callback_http_dummy(wsi, reason, user, in, len);
	const char *path = in;
	bool post = lws_hdr_total_length(wsi, WSI_TOKEN_POST_URI) > 0;
	char body[256];
	if (post && strcmp(path, "/api/sessions") == 0) {
		struct session *session = session_create();
		snprintf(body, sizeof(body), "{\"id\":\"%s\",\"viewer\":\"%s\"}", session->id, session->viewer);
		return respond(wsi, 201, body);
	}
	if (!post && strcmp(path, "/healthz") == 0) {
		snprintf(body, sizeof(body), "{\"status\":\"ok\",\"connections\":%zu,\"sessions\":%zu}", open_connections,
			 sessions.count);
		return respond(wsi, 200, body);
	}
	return respond(wsi, 404, "{\"error\":\"not_found\",\"message\":\"The relay serves only POST /api/sessions, GET /healthz and /ws.\"}");
}

/* ---- Command line: focus-sync's, so focus-bench can start either. ---- */

struct options {
	const char *host;
	int port;
	bool use_libuv;
};

static void usage_error(const char *format, const char *what)
{
	fprintf(stderr, "baseline-relay: ");
	fprintf(stderr, format, what);
	fprintf(stderr, " (baseline-relay --help lists the options)\n");
	exit(USAGE_ERROR);
}

static long number_of(const char *name, const char *value, long low, long high)
{
	char *end;
	errno = 0;
	long number = strtol(value, &end, 10);
	if (errno || *value == '\0' || *end != '\0' || number < low || number > high)
		usage_error("%s needs a whole number in range", name);
	return number;
}

static const char *const ignored_with_value[] = {
	"--public", "--allow-origin", "--allow-host", "--session-ttl", "--max-sessions",
	"--max-clients-per-session", "--rate-limit", "--data-dir", "--node-id", "--lease-ttl", "--log-level",
};

static const char help[] =
	"baseline-relay [--host <host>] [--port <port>] [--event-loop libuv|poll] [--max-message-bytes <n>]\n"
	"  A libwebsockets relay of FocusSync focus updates, with no model: the floor of focus-bench's\n"
	"  cost per delivery. Takes focus-sync's other options (--public, --allow-origin, --allow-host,\n"
	"  --session-ttl, --max-sessions, --max-clients-per-session, --rate-limit, --data-dir,\n"
	"  --in-memory, --node-id, --lease-ttl, --log-level) and ignores them: it keeps nothing,\n"
	"  limits nothing and logs only libwebsockets' errors.\n";

static struct options parse(int count, char **arguments)
{
	struct options options = {.host = "127.0.0.1", .port = 8080, .use_libuv = true};
	for (int i = 1; i < count; i++) {
		char name[64];
		const char *argument = arguments[i];
		const char *value = NULL;
		const char *equals = strchr(argument, '=');
		if (strncmp(argument, "--", 2) == 0 && equals && (size_t)(equals - argument) < sizeof(name)) {
			memcpy(name, argument, (size_t)(equals - argument));
			name[equals - argument] = '\0';
			value = equals + 1;
		} else {
			snprintf(name, sizeof(name), "%s", argument);
		}
		if (strcmp(name, "--help") == 0) {
			fputs(help, stdout);
			exit(0);
		}
		if (strcmp(name, "--version") == 0) {
			printf("baseline-relay on libwebsockets %s\n", lws_get_library_version());
			exit(0);
		}
		if (strcmp(name, "--in-memory") == 0)
			continue;
		if (strcmp(name, "--redis") == 0)
			usage_error("%s does not apply: the relay keeps nothing and runs as one process", name);
		bool known = strcmp(name, "--host") == 0 || strcmp(name, "--port") == 0 ||
			     strcmp(name, "--event-loop") == 0 || strcmp(name, "--max-message-bytes") == 0;
		for (size_t k = 0; !known && k < sizeof(ignored_with_value) / sizeof(*ignored_with_value); k++)
			known = strcmp(name, ignored_with_value[k]) == 0;
		if (!known)
			usage_error("unknown option '%s'", argument);
		if (!value) {
			if (i + 1 >= count)
				usage_error("%s needs a value", name);
			value = arguments[++i];
		}
		if (strcmp(name, "--host") == 0) {
			options.host = value;
		} else if (strcmp(name, "--port") == 0) {
			options.port = (int)number_of(name, value, 0, 65535);
		} else if (strcmp(name, "--max-message-bytes") == 0) {
			max_message_bytes = (size_t)number_of(name, value, 1, INT_MAX);
		} else if (strcmp(name, "--event-loop") == 0) {
			if (strcmp(value, "libuv") == 0)
				options.use_libuv = true;
			else if (strcmp(value, "poll") == 0)
				options.use_libuv = false;
			else
				usage_error("--event-loop is libuv or poll, not '%s'", value);
		}
	}
	return options;
}

/* ---- Signals: the relay keeps nothing, so a stop signal ends it at once. ---- */

static void *await_stop_signal(void *signals)
{
	int signal_number;
	sigwait(signals, &signal_number);
	_exit(0);
	return NULL;
}

static void raise_descriptor_limit(void)
{
	struct rlimit limit;
	if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
		limit.rlim_cur = limit.rlim_max;
		setrlimit(RLIMIT_NOFILE, &limit);
	}
}

int main(int count, char **arguments)
{
	struct options options = parse(count, arguments);
	lws_set_log_level(LLL_ERR, NULL);
	raise_descriptor_limit(); /* as focus-sync does at start */

	/* Blocked before any other thread exists, so only the waiting thread ever takes them
	 * (libuv's own handlers, which libwebsockets installs on loops it creates, never run). */
	static sigset_t stop_signals;
	sigemptyset(&stop_signals);
	sigaddset(&stop_signals, SIGINT);
	sigaddset(&stop_signals, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &stop_signals, NULL);
	pthread_t waiter;
	if (pthread_create(&waiter, NULL, await_stop_signal, &stop_signals) != 0) {
		fprintf(stderr, "baseline-relay: cannot start the signal thread\n");
		return 1;
	}

	static const lws_retry_bo_t no_keepalive = {0}; /* a zero hang-up time turns keepalive off */
	static struct lws_protocols protocols[] = {
		{"http", http_callback, 0, 0, 0, NULL, 0},
		{SUBPROTOCOL, websocket_callback, sizeof(struct connection), 512, 0, NULL, 32 * 1024},
		{NULL, NULL, 0, 0, 0, NULL, 0},
	};
	struct lws_context_creation_info info;
	memset(&info, 0, sizeof(info));
	info.port = options.port;
	info.iface = options.host;
	info.protocols = protocols;
	info.retry_and_idle_policy = &no_keepalive;
	info.pt_serv_buf_size = 16 * 1024;
	info.max_http_header_data = 16 * 1024;
	info.options = LWS_SERVER_OPTION_DISABLE_IPV6;
	if (options.use_libuv)
		info.options |= LWS_SERVER_OPTION_LIBUV;
	struct lws_context *context = lws_create_context(&info);
	if (!context) {
		fprintf(stderr, "baseline-relay: libwebsockets could not listen on %s:%d%s\n", options.host, options.port,
			options.use_libuv ? " (the libuv loop needs the libwebsockets-evlib-uv package)" : "");
		return 1;
	}
	struct lws_vhost *vhost = lws_get_vhost_by_name(context, "default");
	int port = vhost ? lws_get_vhost_listen_port(vhost) : options.port;
	/* focus-bench reads the port from this line, as from focus-sync's. */
	printf("baseline-relay (libwebsockets %s, %s loop) serving http://%s:%d/ (no model; Ctrl-C stops)\n",
	       lws_get_library_version(), options.use_libuv ? "libuv" : "poll", options.host, port);
	fflush(stdout);

	for (;;)
		if (lws_service(context, 0) < 0)
			break;
	lws_context_destroy(context);
	return 1;
}
