/* Ukeire (受け入れ) of a 3k+1 hand and the per-discard table of a 3k+2 hand.
 * A draw or a discard changes one suit only: the other suits keep their
 * classes and their merged ids, so each candidate costs one suit class and
 * two table reads. */
#include "suits.h"

/* A 3k+1 hand prepared for one-tile draws. */
typedef struct {
    uint8_t h[MJ_KINDS];
    uint8_t cls[4];
    mj_scan_result scan;
    int forms;
} prepared;

static int prepared_shanten(const prepared *p)
{
    int distance = (p->forms & MJ_REGULAR) ? mj_regular_distance(p->cls, p->scan.tiles / 3) : 0;
    return mj_best_of(p->forms, distance, p->scan);
}

/* Regular replacement numbers after each draw t, k melds to make; plus[t] is
 * the class of t's suit once t is drawn.  One loop per suit keeps the
 * loops branch-free. */
static void regular_after_draws(const uint8_t cls[4], int k, const uint8_t plus[MJ_KINDS],
                                uint8_t distance[MJ_KINDS])
{
    const uint8_t (*final)[MJ_RIGHT_CLASSES] = mj_final[k];
    const uint8_t left = mj_merge_nn[cls[0]][cls[1]], right = mj_merge_nz[cls[2]][cls[3]];
    for (int t = 0; t < 9; t++) distance[t] = final[mj_merge_nn[plus[t]][cls[1]]][right];
    for (int t = 9; t < 18; t++) distance[t] = final[mj_merge_nn[cls[0]][plus[t]]][right];
    for (int t = 18; t < 27; t++) distance[t] = final[left][mj_merge_nz[plus[t]][cls[3]]];
    for (int t = 27; t < MJ_KINDS; t++) distance[t] = final[left][mj_merge_nz[cls[2]][plus[t]]];
}

/* Mask of the draws that lower `shanten`, the prepared hand's own. */
static uint64_t draws_lowering(const prepared *p, int shanten, const uint8_t plus[MJ_KINDS])
{
    uint8_t distance[MJ_KINDS] = {0};
    if (p->forms & MJ_REGULAR) regular_after_draws(p->cls, (p->scan.tiles + 1) / 3, plus, distance);
    const int specials = p->scan.tiles + 1 >= 13 && (p->forms & (MJ_CHIITOI | MJ_KOKUSHI));
    uint64_t mask = 0;
    for (int t = 0; t < MJ_KINDS; t++) {
        int held = p->h[t], after;
        if (held >= 4) continue;
        if (specials) after = mj_best_of(p->forms, distance[t], mj_scan_draw(p->scan, t, held));
        else after = distance[t] - 1;
        if (after < shanten) mask |= (uint64_t)1 << t;
    }
    return mask;
}

/* plus[t] for the kinds of `suit` (all suits when suit < 0) of hand h. */
static void plus_classes(uint8_t *h, int suit, uint8_t plus[MJ_KINDS])
{
    for (int t = 0; t < MJ_KINDS; t++) {
        int s = mj_suit_of(t);
        if ((suit >= 0 && s != suit) || h[t] >= 4) continue;
        h[t]++;
        plus[t] = mj_suit_class(h, s);
        h[t]--;
    }
}

static int check_forms(int forms) { return !(forms & ~MJ_ALL_FORMS) && (forms & MJ_ALL_FORMS); }

int mj_ukeire(const uint8_t *counts, int forms, uint64_t *mask)
{
    if (!counts || !mask || !check_forms(forms)) return MJ_ERR_ARG;
    prepared p;
    p.scan = mj_scan(counts);
    int n = mj_checked_total(p.scan);
    if (n < 0) return n;
    if (n % 3 != 1) return MJ_ERR_SHAPE;
    memcpy(p.h, counts, MJ_KINDS);
    for (int s = 0; s < 4; s++) p.cls[s] = mj_suit_class(p.h, s);
    p.forms = forms;
    int shanten = prepared_shanten(&p);
    uint8_t plus[MJ_KINDS] = {0};
    *mask = 0;
    if (shanten != MJ_NOT_APPLICABLE) {
        plus_classes(p.h, -1, plus);
        *mask = draws_lowering(&p, shanten, plus);
    }
    return shanten;
}

int mj_discard_table(const uint8_t *counts, int forms,
                     int8_t *shanten_after, uint64_t *ukeire)
{
    if (!counts || !shanten_after || !ukeire || !check_forms(forms)) return MJ_ERR_ARG;
    mj_scan_result whole = mj_scan(counts);
    int n = mj_checked_total(whole);
    if (n < 0) return n;
    if (n % 3 != 2) return MJ_ERR_SHAPE;

    prepared p;
    memcpy(p.h, counts, MJ_KINDS);
    for (int s = 0; s < 4; s++) p.cls[s] = mj_suit_class(p.h, s);
    p.forms = forms;
    uint8_t whole_cls[4];
    memcpy(whole_cls, p.cls, 4);
    int distance = (forms & MJ_REGULAR) ? mj_regular_distance(p.cls, n / 3) : 0;
    int shanten = mj_best_of(forms, distance, whole);
    if (shanten == MJ_NOT_APPLICABLE) return MJ_NOT_APPLICABLE;

    /* Draws into a suit the discard did not touch see that suit as in the
     * whole hand; only the discard's own suit needs new classes.  A suit of
     * 14 tiles is the only suit, so every discard recomputes it. */
    uint8_t plus_whole[MJ_KINDS] = {0}, plus[MJ_KINDS];
    int suit_tiles[4] = {0};
    for (int t = 0; t < MJ_KINDS; t++) suit_tiles[mj_suit_of(t)] += counts[t];
    for (int s = 0; s < 4; s++)
        if (suit_tiles[s] < 14) plus_classes(p.h, s, plus_whole);
    for (int d = 0; d < MJ_KINDS; d++) {
        ukeire[d] = 0;
        shanten_after[d] = MJ_NOT_HELD;
        if (!counts[d]) continue;
        int suit = mj_suit_of(d);
        p.h[d]--;
        p.cls[suit] = mj_suit_class(p.h, suit);
        p.scan = mj_scan_discard(whole, d, counts[d]);
        memcpy(plus, plus_whole, MJ_KINDS);
        plus_classes(p.h, suit, plus);
        int after = prepared_shanten(&p);
        shanten_after[d] = (int8_t)after;
        ukeire[d] = draws_lowering(&p, after, plus);
        p.h[d]++;
        p.cls[suit] = whole_cls[suit];
    }
    return shanten;
}
