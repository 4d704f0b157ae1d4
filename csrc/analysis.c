/* Calls and the weighted per-discard analysis: ukeire totals, improvement
 * tiles, good-shape share and the second step.  Everything here is a few
 * discard tables of nearby hands, so it stays in C. */
#include "draws.h"

static int bit_count(uint64_t x)
{
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}

static uint32_t weighted(uint64_t mask, const uint8_t *remaining)
{
    uint32_t total = 0;
    for (int t = 0; t < MJ_KINDS; t++)
        if (mask >> t & 1) total += remaining[t];
    return total;
}

/* ---- calls ------------------------------------------------------------ */

/* Best regular shanten of a 3k+2 concealed hand after a discard outside
 * `banned`, k melds still to make; 127 when every discard is banned.  Only
 * the discards in `among` are tried; `*at` gets those reaching the best. */
static int best_legal_discard(uint8_t *h, int k, uint64_t banned, uint64_t among, mj_caps *cx,
                              uint64_t *at)
{
    uint8_t cls[4];
    for (int s = 0; s < 4; s++) cls[s] = mj_suit_class(h, s);
    int best = 127;
    uint64_t reach = 0;
    for (int d = 0; d < MJ_KINDS; d++) {
        if (!h[d] || (banned >> d & 1) || !(among >> d & 1)) continue;
        int suit = mj_suit_of(d), saved = cls[suit];
        h[d]--;
        cls[suit] = mj_suit_class(h, suit);
        int v = mj_distance(cx, h, cls, k) - 1;
        if (v < best) {
            best = v;
            reach = 0;
        }
        if (v == best) reach |= (uint64_t)1 << d;
        h[d]++;
        cls[suit] = (uint8_t)saved;
    }
    *at = reach;
    return best;
}

/* The same under the caps of a call, in the common case at table speed: the
 * plain tables give a lower bound (caps only remove completions), and when a
 * discard reaching it keeps that value under the caps it is the answer;
 * otherwise every discard is taken under the caps. */
static int best_after_call(uint8_t *h, int k, uint64_t banned, mj_caps *cx)
{
    const uint64_t all = ~(uint64_t)0;
    uint64_t at, unused;
    int bound = best_legal_discard(h, k, banned, all, NULL, &at);
    if (bound == 127) return bound;
    for (int d = 0; d < MJ_KINDS; d++)
        if ((at >> d & 1) && best_legal_discard(h, k, banned, (uint64_t)1 << d, cx, &unused) == bound)
            return bound;
    return best_legal_discard(h, k, banned, all, cx, &unused);
}

static uint64_t bit(int kind) { return (uint64_t)1 << kind; }

/* Lower the caps of a call's three tiles (they join the melds), or undo it. */
static void call_caps(mj_caps *cx, int t, int a, int b, int sign)
{
    cx->cap[t] = (uint8_t)(cx->cap[t] - sign);
    cx->cap[a] = (uint8_t)(cx->cap[a] - sign);
    cx->cap[b] = (uint8_t)(cx->cap[b] - sign);
    mj_caps_update(cx);
}

int mj_call_table_capped(const uint8_t *counts, const uint8_t *caps, int8_t *pon, int8_t *chi)
{
    if (!counts || !pon || !chi) return MJ_ERR_ARG;
    mj_scan_result s = mj_scan(counts);
    int n = mj_checked_total(s);
    if (n < 0) return n;
    if (n % 3 != 1) return MJ_ERR_SHAPE;
    if (mj_check_caps(counts, caps, n, MJ_REGULAR)) return MJ_ERR_CAP;
    for (int t = 0; t < MJ_KINDS; t++) pon[t] = chi[3 * t] = chi[3 * t + 1] = chi[3 * t + 2] = MJ_NOT_HELD;
    uint8_t h[MJ_KINDS];
    memcpy(h, counts, MJ_KINDS);
    uint8_t cls[4];
    for (int q = 0; q < 4; q++) cls[q] = mj_suit_class(h, q);
    const int k = n / 3;
    mj_caps store, *cx = &store;
    uint8_t all4[MJ_KINDS];
    memset(all4, 4, MJ_KINDS);
    mj_caps_init(cx, caps ? caps : all4);             /* fills cx even with no cap below 4 */
    int shanten = mj_capped_result(mj_distance(cx->suits ? cx : NULL, h, cls, k) - 1);
    if (k == 0 || shanten < -1) return shanten;       /* no meld left to call, or no hand fits */
    for (int t = 0; t < MJ_KINDS; t++) {
        if (h[t] + 1 > cx->cap[t]) continue;       /* no copy left to call */
        if (h[t] >= 2) {
            h[t] -= 2;
            call_caps(cx, t, t, t, 1);
            int v = best_after_call(h, k - 1, bit(t), cx);
            call_caps(cx, t, t, t, -1);
            h[t] += 2;
            if (v < MJ_CAP_BIG - 1) pon[t] = (int8_t)v;
        }
        if (t >= 27) continue;
        int pos = t % 9;
        for (int j = 0; j < 3; j++) {
            int low = t - j;                       /* the run low .. low + 2 */
            if (pos - j < 0 || pos - j > 6) continue;
            int a = low + (j == 0 ? 1 : 0), b = low + (j == 2 ? 1 : 2);
            if (!h[a] || !h[b]) continue;
            uint64_t banned = bit(t);
            if (j == 0 && pos + 3 <= 8) banned |= bit(t + 3);
            if (j == 2 && pos - 3 >= 0) banned |= bit(t - 3);
            h[a]--; h[b]--;
            call_caps(cx, t, a, b, 1);
            int v = best_after_call(h, k - 1, banned, cx);
            call_caps(cx, t, a, b, -1);
            h[a]++; h[b]++;
            if (v < MJ_CAP_BIG - 1) chi[3 * t + j] = (int8_t)v;
        }
    }
    return shanten;
}

int mj_call_table(const uint8_t *counts, int8_t *pon, int8_t *chi)
{
    return mj_call_table_capped(counts, NULL, pon, chi);
}

/* ---- weighted analysis ------------------------------------------------ */

typedef struct {
    int shanten;        /* lowest after a discard */
    uint32_t total;     /* best remaining-weighted ukeire among those discards */
    int kinds;          /* most ukeire kinds among them (the wait, at tenpai) */
} next_step;

/* The best a 3k+2 hand can do with its next discard. */
static next_step best_discard(const uint8_t *h, int forms, const uint8_t *remaining, mj_caps *cx)
{
    int8_t after[MJ_KINDS];
    uint64_t masks[MJ_KINDS];
    next_step best = {127, 0, 0};
    mj_discard_rows(h, mj_scan(h), forms, 1, cx, after, masks);
    for (int d = 0; d < MJ_KINDS; d++)
        if (after[d] != MJ_NOT_HELD && after[d] < best.shanten) best.shanten = after[d];
    for (int d = 0; d < MJ_KINDS; d++) {
        if (after[d] != best.shanten) continue;
        uint32_t total = weighted(masks[d], remaining);
        int kinds = bit_count(masks[d]);
        if (total > best.total) best.total = total;
        if (kinds > best.kinds) best.kinds = kinds;
    }
    return best;
}

/* Draw t into the 3k+1 hand g (t now one copy scarcer) and look one discard ahead. */
static next_step after_drawing(uint8_t *g, int t, int forms, uint8_t *remaining, mj_caps *cx)
{
    g[t]++;
    int scarce = remaining[t] > 0;
    remaining[t] -= scarce;
    next_step next = best_discard(g, forms, remaining, cx);
    remaining[t] += scarce;
    g[t]--;
    return next;
}

static void analyze_discard(uint8_t *g, int forms, uint8_t *remaining, int what,
                            mj_caps *cx, mj_discard_analysis *row)
{
    const int s = row->shanten;
    row->ukeire_total = weighted(row->ukeire, remaining);
    if ((what & MJ_WITH_SECOND_STEP) && s >= 1) {
        for (int t = 0; t < MJ_KINDS; t++)
            if (row->ukeire >> t & 1)
                row->second_step += (uint64_t)remaining[t] * after_drawing(g, t, forms, remaining, cx).total;
    }
    if ((what & MJ_WITH_GOOD_SHAPE) && s == 1) {
        for (int t = 0; t < MJ_KINDS; t++)
            if ((row->ukeire >> t & 1) && after_drawing(g, t, forms, remaining, cx).kinds >= 2)
                row->good_shape += remaining[t];
    }
    if ((what & MJ_WITH_IMPROVEMENTS) && (s == 0 || s == 1)) {
        const int kinds = bit_count(row->ukeire);
        for (int t = 0; t < MJ_KINDS; t++) {
            if ((row->ukeire >> t & 1) || g[t] >= mj_cap_of(cx, t) || !remaining[t]) continue;
            next_step next = after_drawing(g, t, forms, remaining, cx);
            if (next.shanten != s) continue;
            if (next.total > row->ukeire_total || (s == 0 && kinds < 2 && next.kinds >= 2)) {
                row->improvements |= bit(t);
                row->improvement_total += remaining[t];
            }
        }
    }
}

/* Validate the arguments shared by both entry points; copy `remaining`.
 * Returns the tile total or an error. */
static int checked_args(const uint8_t *counts, int forms, const uint8_t *remaining, int what,
                        const void *out, uint8_t rem[MJ_KINDS], mj_scan_result *scan)
{
    if (!counts || !remaining || !out || !check_forms(forms) || (what & ~7)) return MJ_ERR_ARG;
    *scan = mj_scan(counts);
    int n = mj_checked_total(*scan);
    if (n < 0) return n;
    for (int t = 0; t < MJ_KINDS; t++) {
        if (remaining[t] > 4) return MJ_ERR_COUNT;
        rem[t] = remaining[t];
    }
    return n;
}

int mj_analyze_hand_capped(const uint8_t *counts, const uint8_t *caps, int forms,
                           const uint8_t *remaining, int what, mj_discard_analysis *row)
{
    uint8_t rem[MJ_KINDS];
    mj_scan_result scan;
    int n = checked_args(counts, forms, remaining, what, row, rem, &scan);
    if (n < 0) return n;
    if (n % 3 != 1) return MJ_ERR_SHAPE;
    if (mj_check_caps(counts, caps, n, forms)) return MJ_ERR_CAP;
    memset(row, 0, sizeof *row);
    int shanten = mj_ukeire_capped(counts, caps, forms, &row->ukeire);
    if (shanten == MJ_ERR_CAP) return shanten;
    row->shanten = (int8_t)shanten;
    if (shanten == MJ_NOT_APPLICABLE) return shanten;
    uint8_t g[MJ_KINDS];
    memcpy(g, counts, MJ_KINDS);
    mj_caps store;
    analyze_discard(g, forms, rem, what, mj_caps_init(&store, caps), row);
    return shanten;
}

int mj_analyze_hand(const uint8_t *counts, int forms, const uint8_t *remaining, int what,
                    mj_discard_analysis *row)
{
    return mj_analyze_hand_capped(counts, NULL, forms, remaining, what, row);
}

int mj_analyze(const uint8_t *counts, int forms, const uint8_t *remaining, int what,
               mj_discard_analysis *rows)
{
    return mj_analyze_capped(counts, NULL, forms, remaining, what, rows);
}

int mj_analyze_capped(const uint8_t *counts, const uint8_t *caps, int forms,
                      const uint8_t *remaining, int what, mj_discard_analysis *rows)
{
    uint8_t rem[MJ_KINDS];
    mj_scan_result whole;
    int n = checked_args(counts, forms, remaining, what, rows, rem, &whole);
    if (n < 0) return n;
    if (n % 3 != 2) return MJ_ERR_SHAPE;
    if (mj_check_caps(counts, caps, n, forms)) return MJ_ERR_CAP;
    mj_caps store, *cx = mj_caps_init(&store, caps);
    int8_t after[MJ_KINDS];
    uint64_t masks[MJ_KINDS];
    int shanten = mj_discard_rows(counts, whole, forms, 0, cx, after, masks);
    if (shanten == MJ_ERR_CAP) return shanten;
    uint8_t g[MJ_KINDS];
    memcpy(g, counts, MJ_KINDS);
    for (int d = 0; d < MJ_KINDS; d++) {
        mj_discard_analysis *row = &rows[d];
        memset(row, 0, sizeof *row);
        row->shanten = after[d];
        row->ukeire = masks[d];
        if (after[d] == MJ_NOT_HELD || after[d] == MJ_NOT_APPLICABLE) continue;
        g[d]--;
        analyze_discard(g, forms, rem, what, cx, row);
        g[d]++;
    }
    return shanten;
}
