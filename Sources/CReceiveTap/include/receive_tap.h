#ifndef FOCUSSYNC_RECEIVE_TAP_H
#define FOCUSSYNC_RECEIVE_TAP_H

#include <stddef.h>
#include <sys/types.h>

/// The receive tap: this target defines `recv` and `close` for the whole process, so that the
/// bytes libwebsockets reads from the server's accepted sockets pass through the transport
/// first (libwebsockets 4.1.6 has no hook that shows a frame's mask bit or the raw request
/// head). Descriptors nobody watches go straight to the system calls. See docs/ARCHITECTURE.md.

/// Reads for a watched descriptor, in place of `recv(descriptor, buffer, length, 0)`.
typedef ssize_t (*focussync_tap_reader)(void *context, int descriptor, void *buffer, size_t length);
/// Releases a watched descriptor's context when the descriptor is closed.
typedef void (*focussync_tap_releaser)(void *context);

/// Sets the reader and releaser (once per process, before any descriptor is watched).
void focussync_tap_install(focussync_tap_reader reader, focussync_tap_releaser releaser);

/// Routes `recv(descriptor, …, 0)` through the reader with `context` until the descriptor is
/// closed. Returns 0, or -1 when the descriptor number is too large for the tap's table.
int focussync_tap_watch(int descriptor, void *context);

/// The context of a watched descriptor, or NULL.
void *focussync_tap_context(int descriptor);

/// The system's `recv`, for the reader.
ssize_t focussync_tap_system_recv(int descriptor, void *buffer, size_t length, int flags);

/// 1 when calls to `recv` from shared libraries (libwebsockets) reach this tap: the executable
/// exports the tap's `recv` and the dynamic linker binds to it. 0 otherwise.
int focussync_tap_is_interposing(void);

#endif
