/* Internal: blocks of memory kept per thread from one expected-value search
 * to the next (csrc/ev_graph.c).  A search with shanten-back and tegawari at
 * 3-shanten takes tens of MB; handed back to the system, every search paid
 * the kernel again to map and zero those pages (about 15 % of its time on the
 * 2-core VM).  The heap does the same to a 1-shanten search's arrays of tens
 * of KB: glibc gives the top of its heap back once a search frees them, and
 * the next search's first touches fault every page in again (84 faults a
 * search, a fifth of its time).  Kept, the next search on the thread reuses
 * them.  Small and big blocks are kept in two pools of at most EV_KEPT_BLOCKS
 * blocks each (EV_KEPT_SMALL_BYTES and EV_KEPT_BYTES bytes), freed when the
 * thread ends (POSIX threads; elsewhere they stay); under AddressSanitizer
 * nothing is kept, so each block is exactly the size asked and overruns are
 * caught. */
#ifndef MJ_EV_BLOCKS_H
#define MJ_EV_BLOCKS_H

#include <stddef.h>

#define EV_KEPT_BLOCKS 16
#ifndef EV_KEPT_BYTES
#define EV_KEPT_BYTES ((size_t)32 << 20)
#endif
#define EV_KEPT_SMALLEST ((size_t)4 << 10)     /* smaller blocks: the heap reuses them */
#define EV_KEPT_BIG ((size_t)256 << 10)        /* the big pool's smallest block */
#define EV_KEPT_SMALL_BYTES ((size_t)4 << 20)

/* A block of at least `bytes` (*got: its real size, all usable), or NULL. */
void *ev_block_take(size_t bytes, size_t *got);

/* The same, zeroed up to `bytes`. */
void *ev_block_take_zeroed(size_t bytes, size_t *got);

/* Block p of `bytes` (NULL: none) grown to new_bytes, its contents kept
 * (realloc's contract: NULL when out of memory, p then still valid). */
void *ev_block_grow(void *p, size_t bytes, size_t new_bytes, size_t *got);

/* Gives back a block of `bytes` from ev_block_take (NULL: nothing). */
void ev_block_give(void *p, size_t bytes);

#endif
