/* Internal: the hash table of the expected-value searches (csrc/ev.c,
 * csrc/ev_graph.c): a hand's 34 counts (3 bits each) and a few extra bits
 * as the key, an int32 payload, open addressing on a power-of-two capacity. */
#ifndef MJ_EV_MEMO_H
#define MJ_EV_MEMO_H

#include <stdint.h>
#include <stdlib.h>
#include "mjcore.h"
#include "ev_blocks.h"

typedef struct {
    uint64_t lo, hi;                  /* 34 counts x 3 bits, then extra bits; hi == 0: empty slot */
    int32_t values;                   /* index into the value arena (-1 while new) */
} slot;

typedef struct {
    slot *slots;
    size_t capacity, used;
    int kept;                         /* slots from the blocks kept per thread (csrc/ev_blocks.h) */
    size_t bytes;                     /* ... and their block's size */
    size_t first;                     /* the first capacity (a power of two; 0: 4096) */
} table;

/* state key: counts in 3 bits each (lo: kinds 0..20, hi: kinds 21..33), extra bits on top of hi */
static inline void make_key(const uint8_t *h, int extra, uint64_t *lo, uint64_t *hi)
{
    uint64_t a = 0, b = 0;
    for (int k = 0; k < 21; k++) a |= (uint64_t)h[k] << (3 * k);
    for (int k = 21; k < MJ_KINDS; k++) b |= (uint64_t)h[k] << (3 * (k - 21));
    b |= (uint64_t)(extra + 1) << 40;          /* never 0: an empty slot is hi == 0 */
    *lo = a;
    *hi = b;
}

static inline size_t hash_key(uint64_t lo, uint64_t hi)
{
    uint64_t x = lo * 0x9E3779B97F4A7C15ull ^ (hi + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
    x ^= x >> 31;
    return (size_t)x;
}

/* Frees (or keeps, for the next search) the table's slots. */
static inline void drop_table(table *tb)
{
    if (tb->kept) ev_block_give(tb->slots, tb->bytes);
    else free(tb->slots);
    tb->slots = NULL;
}

static inline int grow_table(table *tb)
{
    size_t cap = tb->capacity ? 2 * tb->capacity : tb->first ? tb->first : 4096, bytes = 0;
    slot *t = tb->kept ? ev_block_take_zeroed(cap * sizeof *t, &bytes) : calloc(cap, sizeof *t);
    if (!t) return 0;
    for (size_t i = 0; i < tb->capacity; i++) {
        if (!tb->slots[i].hi) continue;
        size_t j = hash_key(tb->slots[i].lo, tb->slots[i].hi) & (cap - 1);
        while (t[j].hi) j = (j + 1) & (cap - 1);
        t[j] = tb->slots[i];
    }
    drop_table(tb);
    tb->slots = t;
    tb->capacity = cap;
    tb->bytes = bytes;
    return 1;
}

/* Start loading the slot a key hashes to (a lookup soon after finds it in cache). */
static inline void prefetch_slot(const table *tb, uint64_t lo, uint64_t hi)
{
#ifdef __GNUC__
    if (tb->capacity) __builtin_prefetch(&tb->slots[hash_key(lo, hi) & (tb->capacity - 1)]);
#else
    (void)tb; (void)lo; (void)hi;
#endif
}

/* The slot of a key: found (values >= 0) or newly claimed (values == -1). */
static inline slot *find_slot(table *tb, uint64_t lo, uint64_t hi)
{
    if (2 * (tb->used + 1) > tb->capacity && !grow_table(tb)) return NULL;
    size_t j = hash_key(lo, hi) & (tb->capacity - 1);
    while (tb->slots[j].hi) {
        if (tb->slots[j].lo == lo && tb->slots[j].hi == hi) return &tb->slots[j];
        j = (j + 1) & (tb->capacity - 1);
    }
    tb->slots[j].lo = lo;
    tb->slots[j].hi = hi;
    tb->slots[j].values = -1;
    tb->used++;
    return &tb->slots[j];
}

#endif
