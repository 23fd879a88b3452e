#ifndef FOCUSSYNC_CCMARK_SHIM_H
#define FOCUSSYNC_CCMARK_SHIM_H
#include <cmark.h>
#endif
