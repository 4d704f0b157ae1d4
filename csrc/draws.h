/* Internal: hands prepared for one-tile draws and discards, shared by the
 * ukeire, discard-table and analysis entry points. */
#ifndef MJ_DRAWS_H
#define MJ_DRAWS_H

#include "capped.h"

/* A 3k+1 hand prepared for one-tile draws. */
typedef struct {
    uint8_t h[MJ_KINDS];
    uint8_t cls[4];
    mj_scan_result scan;
    int forms;
    mj_caps *cx;                      /* NULL: no cap below 4 */
} prepared;

static inline int prepared_shanten(const prepared *p)
{
    int distance = (p->forms & MJ_REGULAR) ? mj_distance(p->cx, p->h, p->cls, p->scan.tiles / 3) : 0;
    return mj_best_of(p->forms, distance, p->scan);
}

/* Regular replacement numbers after each draw t, k melds to make; plus[t] is
 * the class of t's suit once t is drawn.  One loop per suit keeps the
 * loops branch-free. */
static inline void regular_after_draws(const uint8_t cls[4], int k, const uint8_t plus[MJ_KINDS],
                                uint8_t distance[MJ_KINDS])
{
    const uint8_t (*final)[MJ_RIGHT_CLASSES] = mj_final[k];
    const uint8_t left = mj_merge_nn[cls[0]][cls[1]], right = mj_merge_nz[cls[2]][cls[3]];
    for (int t = 0; t < 9; t++) distance[t] = final[mj_merge_nn[plus[t]][cls[1]]][right];
    for (int t = 9; t < 18; t++) distance[t] = final[mj_merge_nn[cls[0]][plus[t]]][right];
    for (int t = 18; t < 27; t++) distance[t] = final[left][mj_merge_nz[plus[t]][cls[3]]];
    for (int t = 27; t < MJ_KINDS; t++) distance[t] = final[left][mj_merge_nz[cls[2]][plus[t]]];
}

/* The same under caps: the suits the draw does not touch are merged once;
 * kinds already at their cap cannot be drawn and are left out. */
static inline void capped_after_draws(mj_caps *cx, uint8_t *h, const uint8_t cls[4], int k,
                                      const uint8_t plus[MJ_KINDS], uint8_t distance[MJ_KINDS])
{
    mj_dvec d[4], pair01, pair23, rest[4], drawn;
    for (int s = 0; s < 4; s++) mj_suit_dvec(cx, h, s, cls[s], d[s]);
    mj_dvec_merge(MJ_CD(d[0]), MJ_CD(d[1]), pair01);
    mj_dvec_merge(MJ_CD(d[2]), MJ_CD(d[3]), pair23);
    mj_dvec_merge(MJ_CD(d[1]), MJ_CD(pair23), rest[0]);
    mj_dvec_merge(MJ_CD(d[0]), MJ_CD(pair23), rest[1]);
    mj_dvec_merge(MJ_CD(pair01), MJ_CD(d[3]), rest[2]);
    mj_dvec_merge(MJ_CD(pair01), MJ_CD(d[2]), rest[3]);
    for (int t = 0; t < MJ_KINDS; t++) {
        if (h[t] >= cx->cap[t]) continue;
        int s = mj_suit_of(t);
        h[t]++;
        mj_suit_dvec(cx, h, s, plus[t], drawn);
        h[t]--;
        distance[t] = (uint8_t)mj_dvec_join(MJ_CD(drawn), MJ_CD(rest[s]), k);
    }
}

/* Mask of the draws that lower `shanten`, the prepared hand's own.  Seven
 * pairs and thirteen orphans after a draw depend only on whether the tile is
 * a terminal/honour and on how many are held (0, 1, 2+): six values, worked
 * out once instead of per draw. */
static inline uint64_t draws_lowering(prepared *p, int shanten, const uint8_t plus[MJ_KINDS])
{
    uint8_t distance[48] = {0};       /* MJ_KINDS, padded for mj_bytes_below */
    const int regular = p->forms & MJ_REGULAR;
    if (regular && p->cx)
        capped_after_draws(p->cx, p->h, p->cls, (p->scan.tiles + 1) / 3, plus, distance);
    else if (regular)
        regular_after_draws(p->cls, (p->scan.tiles + 1) / 3, plus, distance);
    /* a draw adds at most one pair, kind or terminal, so a special form's
     * shanten falls by one at most: far from `shanten`, only the regular
     * form can lower it */
    const int special_near = p->scan.tiles + 1 >= 13
        && (((p->forms & MJ_CHIITOI) && mj_chiitoi_from(p->scan) - 1 < shanten)
            || ((p->forms & MJ_KOKUSHI) && mj_kokushi_from(p->scan) - 1 < shanten));
    int special[2][3] = {{99, 99, 99}, {99, 99, 99}};
    if (special_near) {
        for (int yao = 0; yao < 2; yao++)
            for (int held = 0; held < 3; held++) {
                mj_scan_result s = p->scan;
                s.tiles++;
                s.pairs += held == 1;
                s.kinds += held == 0;
                s.yaochu += yao && held == 0;
                s.yaochu_pairs += yao && held == 1;
                int v = mj_best_of(p->forms & ~MJ_REGULAR, 0, s);
                special[yao][held] = v == MJ_NOT_APPLICABLE ? 99 : v;
            }
    }
#if defined(__SSE2__) && !defined(MJ_PORTABLE)
    if (!p->cx) {                     /* 16 kinds at a time: held below 4, and a form lowered */
        uint8_t held[48] = {0};
        memcpy(held, p->h, MJ_KINDS);
        uint64_t lower = regular ? mj_bytes_below(distance, shanten + 1) : 0;
        if (special_near) {           /* the kinds of each (terminal/honour, held 0 / 1 / 2+) whose value lowers */
            const uint64_t none = mj_bytes_below(held, 1), once = mj_bytes_below(held, 2) & ~none;
            const uint64_t by_held[3] = {none, once, ~(none | once)};
            const uint64_t yaochu = 1 | 3ull << 8 | 3ull << 17 | 0xFFull << 26;    /* MJ_YAOCHU_BYTES' kinds */
            for (int yao = 0; yao < 2; yao++)
                for (int n = 0; n < 3; n++)
                    if (special[yao][n] < shanten) lower |= by_held[n] & (yao ? yaochu : ~yaochu);
        }
        return lower & mj_bytes_below(held, 4) & (((uint64_t)1 << MJ_KINDS) - 1);
    }
#endif
    uint64_t mask = 0;
    for (int t = 0; t < MJ_KINDS; t++) {
        int held = p->h[t];
        if (held >= mj_cap_of(p->cx, t)) continue;
        int after = special[MJ_YAOCHU_BYTES[t] != 0][held > 2 ? 2 : held];
        if (regular && distance[t] - 1 < after) after = distance[t] - 1;
        if (after < shanten) mask |= (uint64_t)1 << t;
    }
    return mask;
}

/* The class of each kind's suit once one copy of it is drawn (sign +1, kinds
 * held fewer than 4 times) or discarded (sign -1, kinds held), for the kinds of
 * `suit` (all suits when suit < 0) of hand h: one copy more or fewer moves a
 * power of 5 in its half of the suit's code, no re-encoding per kind. */
static inline void step_classes(const uint8_t *h, int suit, int sign, uint8_t out[MJ_KINDS])
{
    static const unsigned pow5[7] = {1, 5, 25, 125, 625, 3125, 15625};
#define MJ_STEP(code, i) (sign > 0 ? (code) + pow5[i] : (code) - pow5[i])
#define MJ_STEPS(count) (sign > 0 ? (count) < 4 : (count) > 0)
    for (int s = suit < 0 ? 0 : suit; s < (suit < 0 ? 4 : suit + 1); s++) {
        if (s == 3) {
            const uint8_t *c = h + 27;
            unsigned code = c[0] + 5 * (c[1] + 5 * (c[2] + 5 * (c[3] + 5 * (c[4] + 5 * (c[5] + 5 * c[6])))));
            for (int i = 0; i < 7; i++)
                if (MJ_STEPS(c[i])) out[27 + i] = mj_class7[MJ_STEP(code, i)];
            continue;
        }
        const uint8_t *c = h + 9 * s;
        unsigned lo = c[0] + 5 * (c[1] + 5 * (c[2] + 5 * (c[3] + 5 * c[4])));
        unsigned hi = c[5] + 5 * (c[6] + 5 * (c[7] + 5 * c[8]));
        const uint8_t *by_hi = mj_class9[mj_low_state[lo]];
        for (int i = 0; i < 5; i++)
            if (MJ_STEPS(c[i])) out[9 * s + i] = mj_class9[mj_low_state[MJ_STEP(lo, i)]][hi];
        for (int i = 5; i < 9; i++)
            if (MJ_STEPS(c[i])) out[9 * s + i] = by_hi[MJ_STEP(hi, i - 5)];
    }
#undef MJ_STEP
#undef MJ_STEPS
}

/* plus[t] for the kinds of `suit` (all suits when suit < 0) of hand h. */
static inline void plus_classes(const uint8_t *h, int suit, uint8_t plus[MJ_KINDS])
{
    step_classes(h, suit, 1, plus);
}

/* p: the valid 3k+1 hand h (its scan given) prepared for one-tile draws. */
static inline void prepare(prepared *p, const uint8_t *h, mj_scan_result scan, int forms, mj_caps *cx)
{
    memcpy(p->h, h, MJ_KINDS);
    for (int q = 0; q < 4; q++) p->cls[q] = mj_suit_class(p->h, q);
    p->scan = scan;
    p->forms = forms;
    p->cx = cx;
}

/* Mask of the draws that lower `shanten`, the prepared hand's own. */
static inline uint64_t lowering_draws(prepared *p, int shanten)
{
    uint8_t plus[MJ_KINDS] = {0};
    plus_classes(p->h, -1, plus);
    return draws_lowering(p, shanten, plus);
}

/* The uncapped regular path of mj_discard_shanten (below) with the suits'
 * classes (cls) and each held kind's suit class after its discard (minus, as
 * step_classes with sign -1) given: the expected-value graph takes them from
 * its memo of suits (csrc/ev_graph.c). */
static inline uint64_t mj_discard_shanten_from(const uint8_t *h, int forms, const uint8_t cls[4],
                                               const uint8_t minus[MJ_KINDS], int8_t *after)
{
    const uint64_t held = mj_held_mask(h);
    mj_scan_result scan = mj_scan(h);
    const uint8_t (*final)[MJ_RIGHT_CLASSES] = mj_final[(scan.tiles - 1) / 3];
    const uint8_t left = mj_merge_nn[cls[0]][cls[1]], right = mj_merge_nz[cls[2]][cls[3]];
    memset(after, MJ_NOT_HELD, MJ_KINDS);
    /* one loop per suit, as regular_after_draws: no test of the suit per kind */
    const uint64_t suit = 0x1FF;
    int distance, worst = 0;
    for (uint64_t m = held & suit; m; m &= m - 1) {
        int d = mj_lowest_kind(m);
        after[d] = (int8_t)((distance = final[mj_merge_nn[minus[d]][cls[1]]][right]) - 1);
        if (distance > worst) worst = distance;
    }
    for (uint64_t m = held & suit << 9; m; m &= m - 1) {
        int d = mj_lowest_kind(m);
        after[d] = (int8_t)((distance = final[mj_merge_nn[cls[0]][minus[d]]][right]) - 1);
        if (distance > worst) worst = distance;
    }
    for (uint64_t m = held & suit << 18; m; m &= m - 1) {
        int d = mj_lowest_kind(m);
        after[d] = (int8_t)((distance = final[left][mj_merge_nz[minus[d]][cls[3]]]) - 1);
        if (distance > worst) worst = distance;
    }
    for (uint64_t m = held >> 27; m; m &= m - 1) {
        int d = 27 + mj_lowest_kind(m);
        after[d] = (int8_t)((distance = final[left][mj_merge_nz[cls[2]][minus[d]]]) - 1);
        if (distance > worst) worst = distance;
    }
    worst--;                          /* the highest shanten after a discard (-1: none held) */
    if (scan.tiles - 1 < 13 || !(forms & (MJ_CHIITOI | MJ_KOKUSHI))) return held;
    /* a discard never adds a pair, a kind or a terminal: the whole hand's
     * numbers bound the special forms from below, mostly above every
     * regular value */
    int bound = 99;
    if (forms & MJ_CHIITOI) bound = mj_chiitoi_from(scan);
    if ((forms & MJ_KOKUSHI) && mj_kokushi_from(scan) < bound) bound = mj_kokushi_from(scan);
    if (bound >= worst) return held;
    int special[2][5];
    for (int yao = 0; yao < 2; yao++)
        for (int n = 1; n <= 4; n++) {
            int v = mj_best_of(forms & ~MJ_REGULAR, 0, mj_scan_discard(scan, yao ? 0 : 1, n));
            special[yao][n] = v == MJ_NOT_APPLICABLE ? 99 : v;
        }
    for (uint64_t m = held; m; m &= m - 1) {
        int d = mj_lowest_kind(m), v = special[MJ_YAOCHU_BYTES[d] != 0][h[d] > 4 ? 4 : h[d]];
        if (v < after[d]) after[d] = (int8_t)v;
    }
    return held;
}

/* Shanten after each discard of the 3k+2 hand h (MJ_NOT_HELD when not held):
 * one suit class changes per discard, no ukeire needed.  Returns the mask
 * of the kinds held.  Without caps the
 * classes after each discard come from the suit codes (step_classes), the
 * untouched suits are merged once, and seven pairs and thirteen orphans
 * depend only on whether the tile is a terminal/honour and how many are held. */
static inline uint64_t mj_discard_shanten(uint8_t *h, int forms, mj_caps *cx, int8_t *after)
{
    uint8_t cls[4];
    for (int q = 0; q < 4; q++) cls[q] = mj_suit_class(h, q);
    if (!cx && (forms & MJ_REGULAR)) {
        uint8_t minus[MJ_KINDS];
        step_classes(h, -1, -1, minus);
        return mj_discard_shanten_from(h, forms, cls, minus, after);
    }
    const uint64_t held = mj_held_mask(h);
    mj_scan_result scan = mj_scan(h);
    int k = (scan.tiles - 1) / 3;
    for (int d = 0; d < MJ_KINDS; d++) {
        if (!h[d]) { after[d] = MJ_NOT_HELD; continue; }
        int q = mj_suit_of(d), saved = cls[q];
        h[d]--;
        cls[q] = mj_suit_class(h, q);
        int distance = !(forms & MJ_REGULAR) ? 0 : cx ? mj_capped_distance(cx, h, cls, k)
                                                      : mj_regular_distance(cls, k);
        after[d] = (int8_t)mj_best_of(forms, distance, mj_scan_discard(scan, d, h[d] + 1));
        h[d]++;
        cls[q] = (uint8_t)saved;
    }
    return held;
}

static inline int check_forms(int forms) { return !(forms & ~MJ_ALL_FORMS) && (forms & MJ_ALL_FORMS); }

/* Per-discard rows of a valid 3k+2 hand (scan `whole`): shanten after each
 * discard (MJ_NOT_HELD for kinds not held) and its ukeire mask.  With
 * `prune`, masks are filled only for the discards of lowest shanten.
 * Returns the hand's own shanten (or MJ_NOT_APPLICABLE). */
int mj_discard_rows(const uint8_t *counts, mj_scan_result whole, int forms, int prune,
                    mj_caps *cx, int8_t *after, uint64_t *masks);

#endif
