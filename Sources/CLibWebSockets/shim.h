#ifndef FOCUSSYNC_CLIBWEBSOCKETS_SHIM_H
#define FOCUSSYNC_CLIBWEBSOCKETS_SHIM_H

#include <libwebsockets.h>

/// Bytes of headroom libwebsockets needs before every payload passed to `lws_write`.
/// `LWS_PRE` is a computed macro, which Swift cannot import.
static inline size_t focussync_lws_pre(void) { return LWS_PRE; }

#endif
