#ifndef FOCUSSYNC_CLINUXEVENTS_SHIM_H
#define FOCUSSYNC_CLINUXEVENTS_SHIM_H
// epoll and eventfd are Linux headers that Swift's Glibc module leaves out.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#endif
