/* Blocks kept per thread between expected-value searches (csrc/ev_blocks.h). */
#if defined(__unix__) || defined(__APPLE__)
#define _POSIX_C_SOURCE 200112L
#include <pthread.h>
#define EV_THREAD_END 1               /* a thread's kept blocks are freed when it ends */
#endif
#include <stdlib.h>
#include <string.h>
#include "capped.h"
#include "ev_blocks.h"

#if defined(__SANITIZE_ADDRESS__)
#define EV_KEEP 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define EV_KEEP 0
#endif
#endif
#ifndef EV_KEEP
#define EV_KEEP 1
#endif

typedef struct {
    void *p;
    size_t bytes;
} kept_block;

static MJ_THREAD_LOCAL kept_block kept[EV_KEPT_BLOCKS];
static MJ_THREAD_LOCAL int n_kept;
static MJ_THREAD_LOCAL size_t kept_bytes;

#ifdef EV_THREAD_END
/* A thread-specific key whose destructor frees the ending thread's blocks
 * (its thread-local storage is still in place while key destructors run). */
static pthread_key_t thread_end;
static pthread_once_t thread_end_once = PTHREAD_ONCE_INIT;
static int thread_end_made;

static void free_kept(void *unused)
{
    (void)unused;
    for (int i = 0; i < n_kept; i++) free(kept[i].p);
    n_kept = 0;
    kept_bytes = 0;
}

static void make_thread_end(void) { thread_end_made = pthread_key_create(&thread_end, free_kept) == 0; }

/* Whether the thread's blocks will be freed when it ends (else none is kept). */
static int watched(void)
{
    static MJ_THREAD_LOCAL int done;
    if (done) return 1;
    pthread_once(&thread_end_once, make_thread_end);
    done = thread_end_made && pthread_setspecific(thread_end, (void *)1) == 0;
    return done;
}
#else
static int watched(void) { return 1; }
#endif

void *ev_block_take(size_t bytes, size_t *got)
{
    if (bytes < EV_KEPT_SMALLEST) {   /* the heap's: a small search runs as without kept blocks */
        *got = bytes;
        return malloc(bytes ? bytes : 1);
    }
    int fit = -1;                     /* the smallest kept block big enough */
    for (int i = 0; i < n_kept; i++)
        if (kept[i].bytes >= bytes && (fit < 0 || kept[i].bytes < kept[fit].bytes)) fit = i;
    if (fit < 0) {
        *got = bytes;
        return malloc(bytes ? bytes : 1);
    }
    void *p = kept[fit].p;
    *got = kept[fit].bytes;
    kept_bytes -= kept[fit].bytes;
    kept[fit] = kept[--n_kept];
    return p;
}

void *ev_block_take_zeroed(size_t bytes, size_t *got)
{
    if (bytes < EV_KEPT_SMALLEST) {
        *got = bytes;
        return calloc(1, bytes ? bytes : 1);
    }
    void *p = ev_block_take(bytes, got);
    if (p) memset(p, 0, bytes);
    return p;
}

void *ev_block_grow(void *p, size_t bytes, size_t new_bytes, size_t *got)
{
    if (new_bytes < EV_KEPT_SMALLEST) {
        void *q = realloc(p, new_bytes ? new_bytes : 1);
        if (q) *got = new_bytes;
        return q;
    }
    void *q = ev_block_take(new_bytes, got);
    if (!q) return NULL;
    if (p) memcpy(q, p, bytes < new_bytes ? bytes : new_bytes);
    ev_block_give(p, bytes);
    return q;
}

void ev_block_give(void *p, size_t bytes)
{
    if (!p) return;
    if (!EV_KEEP || bytes < EV_KEPT_SMALLEST || bytes > EV_KEPT_BYTES || !watched()) {
        free(p);
        return;
    }
    /* room by dropping the smallest kept blocks first, while they are smaller than this one */
    while (n_kept == EV_KEPT_BLOCKS || kept_bytes + bytes > EV_KEPT_BYTES) {
        int small = 0;
        for (int i = 1; i < n_kept; i++)
            if (kept[i].bytes < kept[small].bytes) small = i;
        if (n_kept == 0 || kept[small].bytes >= bytes) {
            free(p);
            return;
        }
        free(kept[small].p);
        kept_bytes -= kept[small].bytes;
        kept[small] = kept[--n_kept];
    }
    kept[n_kept++] = (kept_block){p, bytes};
    kept_bytes += bytes;
}
