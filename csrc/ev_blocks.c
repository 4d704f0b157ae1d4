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

/* Small blocks (the arrays of a search below 2-shanten) and big ones are kept
 * apart, so that a small request never takes a big block a later big one needs. */
typedef struct {
    kept_block b[EV_KEPT_BLOCKS];
    int n;
    size_t bytes, most_bytes;
} kept_pool;

static MJ_THREAD_LOCAL kept_pool small_pool = {.most_bytes = EV_KEPT_SMALL_BYTES},
                                 big_pool = {.most_bytes = EV_KEPT_BYTES};

static kept_pool *pool_for(size_t bytes)
{
    return bytes < EV_KEPT_SMALLEST ? NULL : bytes < EV_KEPT_BIG ? &small_pool : &big_pool;
}

#ifdef EV_THREAD_END
/* A thread-specific key whose destructor frees the ending thread's blocks
 * (its thread-local storage is still in place while key destructors run). */
static pthread_key_t thread_end;
static pthread_once_t thread_end_once = PTHREAD_ONCE_INIT;
static int thread_end_made;

static void free_pool(kept_pool *k)
{
    for (int i = 0; i < k->n; i++) free(k->b[i].p);
    k->n = 0;
    k->bytes = 0;
}

static void free_kept(void *unused)
{
    (void)unused;
    free_pool(&small_pool);
    free_pool(&big_pool);
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
/* no thread-end hook here (Windows): a block kept by a thread that ends would leak (the
 * two-thread search's helper ends after each search), so nothing is kept */
static int watched(void) { return 0; }
#endif

void *ev_block_take(size_t bytes, size_t *got)
{
    kept_pool *k = pool_for(bytes);
    int fit = -1;                     /* the smallest kept block big enough */
    for (int i = 0; k && i < k->n; i++)
        if (k->b[i].bytes >= bytes && (fit < 0 || k->b[i].bytes < k->b[fit].bytes)) fit = i;
    if (fit < 0) {                    /* the heap's */
        *got = bytes;
        return malloc(bytes ? bytes : 1);
    }
    void *p = k->b[fit].p;
    *got = k->b[fit].bytes;
    k->bytes -= k->b[fit].bytes;
    k->b[fit] = k->b[--k->n];
    return p;
}

void *ev_block_take_zeroed(size_t bytes, size_t *got)
{
    if (!pool_for(bytes)) {
        *got = bytes;
        return calloc(1, bytes ? bytes : 1);
    }
    void *p = ev_block_take(bytes, got);
    if (p) memset(p, 0, bytes);
    return p;
}

void *ev_block_grow(void *p, size_t bytes, size_t new_bytes, size_t *got)
{
    if (!pool_for(new_bytes)) {
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
    kept_pool *k = pool_for(bytes);
    if (!EV_KEEP || !k || bytes > k->most_bytes || !watched()) {
        free(p);
        return;
    }
    /* room by dropping the smallest kept blocks first, while they are smaller than this one */
    while (k->n == EV_KEPT_BLOCKS || k->bytes + bytes > k->most_bytes) {
        int small = 0;
        for (int i = 1; i < k->n; i++)
            if (k->b[i].bytes < k->b[small].bytes) small = i;
        if (k->n == 0 || k->b[small].bytes >= bytes) {
            free(p);
            return;
        }
        free(k->b[small].p);
        k->bytes -= k->b[small].bytes;
        k->b[small] = k->b[--k->n];
    }
    k->b[k->n++] = (kept_block){p, bytes};
    k->bytes += bytes;
}
