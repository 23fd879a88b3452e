// The receive tap (see include/receive_tap.h). Kept to the minimum that must be C: the
// interposed `recv` and `close`, and a lock-free table from descriptor to context.

#define _GNU_SOURCE
#include "receive_tap.h"

#include <dlfcn.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

// Two levels of 1024 entries: descriptors below 2^20, pages allocated on first use, never freed.
#define PAGE_BITS 10
#define PAGE_SIZE (1 << PAGE_BITS)
#define PAGE_COUNT 1024

typedef _Atomic(void *) entry;
static _Atomic(entry *) pages[PAGE_COUNT];
static _Atomic(focussync_tap_reader) installed_reader;
static _Atomic(focussync_tap_releaser) installed_releaser;

static entry *page_for(int descriptor, int create) {
    if (descriptor < 0 || (descriptor >> PAGE_BITS) >= PAGE_COUNT) return NULL;
    _Atomic(entry *) *slot = &pages[descriptor >> PAGE_BITS];
    entry *page = atomic_load_explicit(slot, memory_order_acquire);
    if (page || !create) return page;
    entry *fresh = calloc(PAGE_SIZE, sizeof(entry));
    if (!fresh) return NULL;
    entry *expected = NULL;
    if (atomic_compare_exchange_strong_explicit(slot, &expected, fresh, memory_order_acq_rel, memory_order_acquire)) {
        return fresh;
    }
    free(fresh);
    return expected;
}

void focussync_tap_install(focussync_tap_reader reader, focussync_tap_releaser releaser) {
    atomic_store(&installed_reader, reader);
    atomic_store(&installed_releaser, releaser);
}

int focussync_tap_watch(int descriptor, void *context) {
    entry *page = page_for(descriptor, 1);
    if (!page) return -1;
    atomic_store_explicit(&page[descriptor & (PAGE_SIZE - 1)], context, memory_order_release);
    return 0;
}

void *focussync_tap_context(int descriptor) {
    entry *page = page_for(descriptor, 0);
    return page ? atomic_load_explicit(&page[descriptor & (PAGE_SIZE - 1)], memory_order_acquire) : NULL;
}

ssize_t focussync_tap_system_recv(int descriptor, void *buffer, size_t length, int flags) {
    return syscall(SYS_recvfrom, descriptor, buffer, length, flags, NULL, NULL);
}

ssize_t recv(int descriptor, void *buffer, size_t length, int flags) {
    if (flags == 0) {
        void *context = focussync_tap_context(descriptor);
        focussync_tap_reader reader = atomic_load_explicit(&installed_reader, memory_order_acquire);
        if (context && reader) return reader(context, descriptor, buffer, length);
    }
    return focussync_tap_system_recv(descriptor, buffer, length, flags);
}

int close(int descriptor) {
    entry *page = page_for(descriptor, 0);
    if (page) {
        // Forget the descriptor before its number can be reused by anyone.
        void *context = atomic_exchange_explicit(&page[descriptor & (PAGE_SIZE - 1)], NULL, memory_order_acq_rel);
        focussync_tap_releaser releaser = atomic_load_explicit(&installed_releaser, memory_order_acquire);
        if (context && releaser) releaser(context);
    }
    return (int)syscall(SYS_close, descriptor);
}

int focussync_tap_is_interposing(void) {
    // libwebsockets' calls resolve through the global scope, where the executable comes first:
    // if that lookup finds this file's recv and close, so do libwebsockets' calls.
    return dlsym(RTLD_DEFAULT, "recv") == (void *)recv && dlsym(RTLD_DEFAULT, "close") == (void *)close;
}
