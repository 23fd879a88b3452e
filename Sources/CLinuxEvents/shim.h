#ifndef FOCUSSYNC_CLINUXEVENTS_SHIM_H
#define FOCUSSYNC_CLINUXEVENTS_SHIM_H
// epoll, eventfd and glibc's malloc controls (malloc_trim) are Linux headers that Swift's Glibc
// module leaves out.
#include <malloc.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#endif
