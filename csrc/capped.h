/* Internal: the regular form with per-kind caps (docs/engine.md, "Caps").
 *
 * cap[t] = copies of t the concealed part may still use (4 minus the copies
 * in the player's own melds).  The replacement number still splits by suit,
 * so a suit without a cap below 4 keeps its table class, and only a suit
 * holding a capped kind gets its d[m][p] vector from an exact dynamic
 * programme, memoised in a per-thread table keyed by the suit's counts and
 * caps (a pure function of them, so entries never go stale).  A NULL context means no
 * cap below 4: every caller then takes the plain table path. */
#ifndef MJ_CAPPED_H
#define MJ_CAPPED_H

#include "suits.h"

/* storage per thread: cffi calls release the GIL, so searches may run side by side */
#if defined(__GNUC__) || defined(__clang__)
#define MJ_THREAD_LOCAL __thread
#elif defined(_MSC_VER)
#define MJ_THREAD_LOCAL __declspec(thread)
#else
#define MJ_THREAD_LOCAL _Thread_local
#endif

#define MJ_CAP_BIG 64                 /* unreachable, as in tools/gen_tables.py */
#define MJ_CAP_CACHE 4096             /* memo entries per thread; a power of two */

typedef uint8_t mj_dvec[5][2];        /* d[m][p]: tiles missing for m melds + p pairs */
#define MJ_CD(v) ((const uint8_t (*)[2])(v))   /* C needs the cast to add const */

typedef struct {
    uint8_t cap[MJ_KINDS];
    unsigned suits;                   /* bit s: suit s holds a kind capped below 4 */
} mj_caps;

/* Set up `cx` for caps[34] (each 0..4); returns cx, or NULL when no cap is
 * below 4 (the caller then needs no context). */
mj_caps *mj_caps_init(mj_caps *cx, const uint8_t *caps);

/* Recompute cx->suits after cx->cap changed. */
void mj_caps_update(mj_caps *cx);

/* d-vector of one suit of h, copied to out (a cache slot may be reused by
 * the next lookup). */
void mj_suit_dvec(mj_caps *cx, const uint8_t *h, int suit, uint8_t cls, mj_dvec out);

/* Replacement number of k melds + a pair under the caps (cls: the table
 * classes of h's suits, used for the uncapped suits). */
int mj_capped_distance(mj_caps *cx, const uint8_t *h, const uint8_t cls[4], int k);

/* Full (min, +) product of two d-vectors. */
void mj_dvec_merge(const uint8_t (*a)[2], const uint8_t (*b)[2], mj_dvec out);

/* Replacement number of k melds + a pair split between the vectors a and b. */
static inline int mj_dvec_join(const uint8_t (*a)[2], const uint8_t (*b)[2], int k)
{
    int best = 4 * MJ_CAP_BIG;
    for (int i = 0; i <= k; i++) {
        int x = a[i][0] + b[k - i][1], y = a[i][1] + b[k - i][0];
        if (x < best) best = x;
        if (y < best) best = y;
    }
    return best;
}

static inline int mj_distance(mj_caps *cx, const uint8_t *h, const uint8_t cls[4], int k)
{
    return cx ? mj_capped_distance(cx, h, cls, k) : mj_regular_distance(cls, k);
}

static inline int mj_cap_of(const mj_caps *cx, int kind) { return cx ? cx->cap[kind] : 4; }

/* Caps at the boundary: each 0..4 and no count above its cap; a cap below 4
 * comes from a meld, which leaves at most 11 concealed tiles, so seven pairs
 * and thirteen orphans (13-14 tiles) never see one.  0 or MJ_ERR_CAP. */
static inline int mj_check_caps(const uint8_t *counts, const uint8_t *caps, int tiles, int forms)
{
    if (!caps) return 0;
    int capped = 0;
    for (int t = 0; t < MJ_KINDS; t++) {
        if (caps[t] > 4 || counts[t] > caps[t]) return MJ_ERR_CAP;
        capped |= caps[t] < 4;
    }
    if (capped && tiles >= 13 && (forms & (MJ_CHIITOI | MJ_KOKUSHI))) return MJ_ERR_CAP;
    return 0;
}

/* Caps can leave no complete hand at all (not from real melds, but a caller
 * may restrict kinds): the distance is then MJ_CAP_BIG or more.  Whether one
 * exists depends on the caps and the melds to make only, not on the counts,
 * so checking the hand's own shanten at the entry covers every draw and
 * discard of the same size. */
static inline int mj_capped_result(int shanten)
{
    return shanten >= MJ_CAP_BIG - 1 ? MJ_ERR_CAP : shanten;
}

#endif
