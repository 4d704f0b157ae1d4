/* Internal: a memo of suits for the expected-value graph (csrc/ev_graph.c).
 *
 * A node is a state plus one tile and a state a node minus one, so most of the
 * suits the graph meets are the same few hundred contents over and over.  Per
 * content the memo keeps what building the graph asks of a suit: its class,
 * and its class with one copy more or fewer of each kind (csrc/draws.h's
 * step_classes).  A state's draws and a node's discard shanten then take each
 * suit from the memo (the three suits a draw or discard leaves alone are hits)
 * instead of encoding it kind by kind.  Direct mapped: a miss overwrites. */
#ifndef MJ_EV_SUITS_H
#define MJ_EV_SUITS_H

#include "draws.h"
#include "ev_blocks.h"

typedef struct {
    uint32_t tag;                     /* 1 << 31 | suit << 27 | its counts, 3 bits each; 0: empty */
    uint8_t cls;                      /* the suit's class */
    uint8_t plus[9];                  /* its class with one copy more of each kind (held < 4) */
    uint8_t minus[9];                 /* ... and one copy fewer (held > 0) */
} suit_entry;

typedef struct {
    suit_entry *e;
    size_t bytes;
    unsigned bits;                    /* 2^bits entries */
} suit_memo;

/* 2^bits empty entries; 0 when out of memory. */
static inline int suit_memo_init(suit_memo *m, unsigned bits)
{
    m->bits = bits;
    m->e = ev_block_take_zeroed(((size_t)1 << bits) * sizeof *m->e, &m->bytes);
    return m->e != NULL;
}

static inline void suit_memo_drop(suit_memo *m)
{
    ev_block_give(m->e, m->bytes);
    m->e = NULL;
}

/* Suit q's counts, 3 bits each, from a hand's key (csrc/ev_memo.h make_key:
 * kinds 0..20 in lo, 21..33 in hi, so the third suit straddles the two). */
static inline uint32_t suit_code(uint64_t lo, uint64_t hi, int q)
{
    switch (q) {
    case 0: return (uint32_t)(lo & 0x7FFFFFF);
    case 1: return (uint32_t)(lo >> 27 & 0x7FFFFFF);
    case 2: return (uint32_t)((lo >> 54 | hi << 9) & 0x7FFFFFF);
    default: return (uint32_t)(hi >> 18 & 0x1FFFFF);
    }
}

/* The entry of suit q holding `code` (suit_code), worked out on a miss. */
static inline const suit_entry *suit_of(suit_memo *m, int q, uint32_t code)
{
    uint32_t tag = 1u << 31 | (uint32_t)q << 27 | code;
    suit_entry *x = &m->e[(tag * 0x9E3779B1u) >> (32 - m->bits)];
    if (x->tag == tag) return x;
    /* two bytes spare: the honours' nine-byte copies below read past kind 33 */
    uint8_t h[MJ_KINDS] = {0}, plus[MJ_KINDS + 2] = {0}, minus[MJ_KINDS + 2] = {0};
    int first = 9 * q, n = q < 3 ? 9 : 7;
    for (int i = 0; i < n; i++) h[first + i] = (uint8_t)(code >> (3 * i) & 7);
    step_classes(h, q, 1, plus);
    step_classes(h, q, -1, minus);
    x->tag = tag;
    x->cls = mj_suit_class(h, q);
    memcpy(x->plus, plus + first, 9);
    memcpy(x->minus, minus + first, 9);
    return x;
}

/* The classes of the hand with key lo / hi (cls) and, per kind, of its suit
 * with one copy more (plus, when not NULL) and fewer (minus, when not NULL):
 * what step_classes gives for the kinds it steps (the rest stay 0). */
static inline void suits_of_key(suit_memo *m, uint64_t lo, uint64_t hi, uint8_t cls[4], uint8_t *plus,
                                uint8_t *minus)
{
    for (int q = 0; q < 4; q++) {
        const suit_entry *x = suit_of(m, q, suit_code(lo, hi, q));
        cls[q] = x->cls;
        if (plus) memcpy(plus + 9 * q, x->plus, q < 3 ? 9 : 7);
        if (minus) memcpy(minus + 9 * q, x->minus, q < 3 ? 9 : 7);
    }
}

#endif
