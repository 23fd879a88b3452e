#ifndef FOCUSSYNC_CHIREDIS_SHIM_H
#define FOCUSSYNC_CHIREDIS_SHIM_H

#include <hiredis/hiredis.h>

/// The context's last error message. `errstr` is a fixed-size `char` array, which Swift
/// imports as a tuple of 128 elements.
static inline const char *focussync_redis_errstr(const redisContext *context) {
    return context->errstr;
}

/// `redisGetReply` with the reply typed: hiredis declares its out-parameter as `void **`.
static inline int focussync_redis_get_reply(redisContext *context, redisReply **reply) {
    return redisGetReply(context, (void **)reply);
}

/// `redisGetReplyFromReader` with the reply typed: a reply already read into the context's
/// buffer, or none, never reading the socket.
static inline int focussync_redis_buffered_reply(redisContext *context, redisReply **reply) {
    return redisGetReplyFromReader(context, (void **)reply);
}

#endif
