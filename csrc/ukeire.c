/* Ukeire (受け入れ) of a 3k+1 hand and the per-discard table of a 3k+2 hand.
 * A draw or a discard changes one suit only: the other suits keep their
 * classes and their merged ids, so each candidate costs one suit class and
 * two table reads. */
#include "draws.h"

int mj_ukeire_capped(const uint8_t *counts, const uint8_t *caps, int forms, uint64_t *mask)
{
    if (!counts || !mask || !check_forms(forms)) return MJ_ERR_ARG;
    prepared p;
    p.scan = mj_scan(counts);
    int n = mj_checked_total(p.scan);
    if (n < 0) return n;
    if (n % 3 != 1) return MJ_ERR_SHAPE;
    if (mj_check_caps(counts, caps, n, forms)) return MJ_ERR_CAP;
    mj_caps store;
    prepare(&p, counts, p.scan, forms, mj_caps_init(&store, caps));
    int shanten = prepared_shanten(&p);
    if (mj_capped_result(shanten) == MJ_ERR_CAP) return MJ_ERR_CAP;
    *mask = shanten != MJ_NOT_APPLICABLE ? lowering_draws(&p, shanten) : 0;
    return shanten;
}

int mj_ukeire(const uint8_t *counts, int forms, uint64_t *mask)
{
    return mj_ukeire_capped(counts, NULL, forms, mask);
}

int mj_discard_rows(const uint8_t *counts, mj_scan_result whole, int forms, int prune,
                    mj_caps *cx, int8_t *after, uint64_t *masks)
{
    const int n = whole.tiles;
    for (int d = 0; d < MJ_KINDS; d++) {
        masks[d] = 0;
        after[d] = MJ_NOT_HELD;
    }
    prepared p;
    memcpy(p.h, counts, MJ_KINDS);
    for (int s = 0; s < 4; s++) p.cls[s] = mj_suit_class(p.h, s);
    p.forms = forms;
    p.cx = cx;
    uint8_t whole_cls[4];
    memcpy(whole_cls, p.cls, 4);
    int distance = (forms & MJ_REGULAR) ? mj_distance(cx, p.h, p.cls, n / 3) : 0;
    int shanten = mj_best_of(forms, distance, whole);
    if (shanten == MJ_NOT_APPLICABLE) return MJ_NOT_APPLICABLE;
    if (mj_capped_result(shanten) == MJ_ERR_CAP) return MJ_ERR_CAP;

    /* shanten after each discard: one suit's class changes */
    int lowest = 127;
    for (int d = 0; d < MJ_KINDS; d++) {
        if (!counts[d]) continue;
        int suit = mj_suit_of(d);
        p.h[d]--;
        p.cls[suit] = mj_suit_class(p.h, suit);
        p.scan = mj_scan_discard(whole, d, counts[d]);
        after[d] = (int8_t)prepared_shanten(&p);
        if (after[d] < lowest) lowest = after[d];
        p.h[d]++;
        p.cls[suit] = whole_cls[suit];
    }

    /* Draws into a suit the discard did not touch see that suit as in the
     * whole hand; only the discard's own suit needs new classes.  A suit of
     * 14 tiles is the only suit, so every discard recomputes it.  Computed
     * on first use: a pruned table often needs a single suit's. */
    uint8_t plus_whole[MJ_KINDS] = {0}, plus[MJ_KINDS];
    int suit_tiles[4] = {0}, have_plus[4] = {0};
    for (int t = 0; t < MJ_KINDS; t++) suit_tiles[mj_suit_of(t)] += counts[t];
    for (int d = 0; d < MJ_KINDS; d++) {
        if (after[d] == MJ_NOT_HELD || after[d] == MJ_NOT_APPLICABLE || (prune && after[d] != lowest))
            continue;
        int suit = mj_suit_of(d);
        for (int s = 0; s < 4; s++)
            if (s != suit && !have_plus[s] && suit_tiles[s] < 14) {
                plus_classes(p.h, s, plus_whole);
                have_plus[s] = 1;
            }
        p.h[d]--;
        p.cls[suit] = mj_suit_class(p.h, suit);
        p.scan = mj_scan_discard(whole, d, counts[d]);
        memcpy(plus, plus_whole, MJ_KINDS);
        plus_classes(p.h, suit, plus);
        masks[d] = draws_lowering(&p, after[d], plus);
        p.h[d]++;
        p.cls[suit] = whole_cls[suit];
    }
    return shanten;
}

int mj_discard_table_capped(const uint8_t *counts, const uint8_t *caps, int forms,
                            int8_t *shanten_after, uint64_t *ukeire)
{
    if (!counts || !shanten_after || !ukeire || !check_forms(forms)) return MJ_ERR_ARG;
    mj_scan_result whole = mj_scan(counts);
    int n = mj_checked_total(whole);
    if (n < 0) return n;
    if (n % 3 != 2) return MJ_ERR_SHAPE;
    if (mj_check_caps(counts, caps, n, forms)) return MJ_ERR_CAP;
    mj_caps store;
    return mj_discard_rows(counts, whole, forms, 0, mj_caps_init(&store, caps), shanten_after, ukeire);
}

int mj_discard_table(const uint8_t *counts, int forms,
                     int8_t *shanten_after, uint64_t *ukeire)
{
    return mj_discard_table_capped(counts, NULL, forms, shanten_after, ukeire);
}

int mj_discard_shanten_all(const uint8_t *counts, int forms, int8_t *shanten_after)
{
    if (!counts || !shanten_after || !check_forms(forms)) return MJ_ERR_ARG;
    mj_scan_result whole = mj_scan(counts);
    int n = mj_checked_total(whole);
    if (n < 0) return n;
    if (n % 3 != 2) return MJ_ERR_SHAPE;
    uint8_t h[MJ_KINDS];            /* the search's own path, on a copy it may touch */
    memcpy(h, counts, MJ_KINDS);
    mj_discard_shanten(h, forms, NULL, shanten_after);
    return 0;
}
