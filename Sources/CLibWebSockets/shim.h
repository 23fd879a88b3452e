#ifndef FOCUSSYNC_CLIBWEBSOCKETS_SHIM_H
#define FOCUSSYNC_CLIBWEBSOCKETS_SHIM_H

#include <libwebsockets.h>

/// Bytes of headroom libwebsockets needs before every payload passed to `lws_write`.
/// `LWS_PRE` is a computed macro, which Swift cannot import.
static inline size_t focussync_lws_pre(void) { return LWS_PRE; }

/// A libwebsockets timer that remembers the Swift object it belongs to.
///
/// `sul` comes first, so the `lws_sorted_usec_list_t *` libwebsockets hands to the timer
/// callback is also a pointer to the whole `focussync_timer` (C's container-of idiom).
typedef struct focussync_timer {
    lws_sorted_usec_list_t sul;
    void *owner;
} focussync_timer;

static inline focussync_timer *focussync_timer_from_sul(lws_sorted_usec_list_t *sul) {
    return (focussync_timer *)sul;
}

#endif
