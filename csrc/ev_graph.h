/* Internal: the expected-value search with the shanten-back (向聴戻し) and
 * tegawari (手変わり) options of the simple model (csrc/ev_graph.c,
 * docs/ev.md "Shanten-back and tegawari").  csrc/ev.c sets it up and values
 * the tenpai states, which stay frozen as in the plain search. */
#ifndef MJ_EV_GRAPH_H
#define MJ_EV_GRAPH_H

#include "capped.h"

#define EV_NUMBERS 3                  /* tenpai probability, win probability, expected points */
#define EV_ROW (EV_NUMBERS * MJ_EV_VALUES)   /* one state's values: EV_NUMBERS rows over t */

#define EV_WAITS_UNKNOWN (~(uint64_t)0)

typedef struct {
    const uint8_t *h0;                /* the starting 3k+2 concealed counts */
    int red0;                         /* its red fives, bit per suit */
    int s0;                           /* its shanten */
    const int8_t *after;              /* its shanten after each discard (MJ_NOT_HELD: not held) */
    int forms;
    mj_caps *cx;                      /* NULL when no meld caps a kind */
    const uint8_t *out;               /* copies of each kind out of the wall besides the hand */
    int red_drawable;                 /* bit per suit: its red five is in the wall unless held */
    int turn, last;                   /* the draws turn .. last */
    const double *pool;               /* MJ_EV_VALUES: the tiles the draw at t comes from */
    int shanten_back, tegawari;
    /* the EV_ROW values of a 13-tile tenpai state (entered right after the
     * discard that made it; only the entries from draw `turn` on are read),
     * given its waits without caps (the kinds whose draw completes it; or
     * EV_WAITS_UNKNOWN); 0, or an MJ_ERR_* code that stops the search */
    int (*tenpai)(void *ctx, uint8_t *h, int red, uint64_t waits, double *values);
    void *ctx;
    int *cancel;                      /* NULL, or polled: nonzero stops with MJ_ERR_CANCELLED */
} ev_graph_in;

/* Fills values[d] (EV_ROW) for every discard d of h0 with 0 < after[d] <=
 * MJ_EV_MAX_SHANTEN; *states gets the graph's 13-tile states (tenpai ones
 * included: the callback values each once, unmemoised).  Returns 0
 * or MJ_ERR_MEMORY / MJ_ERR_CANCELLED / the tenpai callback's code. */
int ev_graph_search(const ev_graph_in *in, double (*values)[EV_ROW], long *states);

#endif
