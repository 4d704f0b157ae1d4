/* Decompositions of a complete regular hand (和了形) into melds and a pair. */
#include "suits.h"

typedef struct {
    mj_decomposition *out;
    int capacity, found;
    mj_decomposition current;
} search;

/* Peel the lowest remaining kind: it is either in a triplet or starts
 * `runs` runs, so trying "one triplet, rest runs" then "all runs" visits
 * each multiset of melds exactly once. */
static void peel(uint8_t *h, int from, search *s)
{
    int i = from;
    while (i < MJ_KINDS && !h[i]) i++;
    if (i == MJ_KINDS) {
        if (s->found < s->capacity) s->out[s->found] = s->current;
        s->found++;
        return;
    }
    mj_decomposition saved = s->current;
    for (int triplets = h[i] >= 3; triplets >= 0; triplets--) {
        int runs = h[i] - 3 * triplets;
        int room = 4 - s->current.n_melds;
        if (triplets + runs > room) continue;
        if (runs && (i >= 27 || i % 9 > 6 || h[i + 1] < runs || h[i + 2] < runs)) continue;
        mj_decomposition *c = &s->current;
        if (triplets) { c->meld_tile[c->n_melds] = (uint8_t)i; c->meld_is_run[c->n_melds++] = 0; }
        for (int r = 0; r < runs; r++) { c->meld_tile[c->n_melds] = (uint8_t)i; c->meld_is_run[c->n_melds++] = 1; }
        uint8_t held = h[i];
        h[i] = 0;
        if (runs) { h[i + 1] -= runs; h[i + 2] -= runs; }
        peel(h, i + 1, s);
        h[i] = held;
        if (runs) { h[i + 1] += runs; h[i + 2] += runs; }
        s->current = saved;
    }
}

int mj_decompositions(const uint8_t *counts, mj_decomposition *out, int capacity)
{
    int n = mj_validate(counts);
    if (n < 0) return n;
    if (n % 3 != 2) return MJ_ERR_SHAPE;
    if (capacity < 0 || (capacity > 0 && !out)) return MJ_ERR_ARG;
    uint8_t h[MJ_KINDS];
    for (int t = 0; t < MJ_KINDS; t++) h[t] = counts[t];
    search s = {out, capacity, 0, {0, 0, {0}, {0}}};
    for (int pair = 0; pair < MJ_KINDS; pair++) {
        if (h[pair] < 2) continue;
        h[pair] -= 2;
        s.current = (mj_decomposition){(uint8_t)pair, 0, {0}, {0}};
        peel(h, 0, &s);
        h[pair] += 2;
    }
    return s.found;
}
