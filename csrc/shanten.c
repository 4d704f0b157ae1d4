/* Shanten (向聴数) of the three forms, single hands and batches. */
#include "capped.h"

int mj_validate(const uint8_t *counts)
{
    if (!counts) return MJ_ERR_ARG;
    return mj_checked_total(mj_scan(counts));
}

/* Shanten over `forms` of a hand whose scan passed validation. */
static int shanten_scanned(const uint8_t *counts, mj_scan_result s, int forms)
{
    int distance = 0;
    if (forms & MJ_REGULAR) {
        uint8_t cls[4];
        for (int suit = 0; suit < 4; suit++) cls[suit] = mj_suit_class(counts, suit);
        distance = mj_regular_distance(cls, s.tiles / 3);
    }
    return mj_best_of(forms, distance, s);
}

int mj_shanten(const uint8_t *counts, int forms)
{
    if (!counts || (forms & ~MJ_ALL_FORMS)) return MJ_ERR_ARG;
    mj_scan_result s = forms == MJ_REGULAR ? mj_scan_size(counts) : mj_scan(counts);
    int n = mj_checked_total(s);
    return n < 0 ? n : shanten_scanned(counts, s, forms);
}

/* The capped path; the plain one above never enters it. */
int mj_shanten_capped(const uint8_t *counts, const uint8_t *caps, int forms)
{
    if (!counts || (forms & ~MJ_ALL_FORMS)) return MJ_ERR_ARG;
    mj_scan_result s = mj_scan(counts);
    int n = mj_checked_total(s);
    if (n < 0) return n;
    if (mj_check_caps(counts, caps, n, forms)) return MJ_ERR_CAP;
    mj_caps store, *cx = mj_caps_init(&store, caps);
    if (!cx) return shanten_scanned(counts, s, forms);
    uint8_t cls[4];
    for (int suit = 0; suit < 4; suit++) cls[suit] = mj_suit_class(counts, suit);
    return mj_capped_result(mj_best_of(forms, (forms & MJ_REGULAR) ? mj_capped_distance(cx, counts, cls, n / 3) : 0, s));
}

int mj_shanten_melds_capped(const uint8_t *counts, const uint8_t *caps, int melds)
{
    if (!counts || melds < 0 || melds > 4) return MJ_ERR_ARG;
    mj_scan_result s = mj_scan(counts);
    if (s.bad) return MJ_ERR_COUNT;
    if (s.tiles > 14) return MJ_ERR_SIZE;
    if (mj_check_caps(counts, caps, s.tiles, MJ_REGULAR)) return MJ_ERR_CAP;
    uint8_t cls[4];
    for (int suit = 0; suit < 4; suit++) cls[suit] = mj_suit_class(counts, suit);
    mj_caps store, *cx = mj_caps_init(&store, caps);
    return mj_capped_result(mj_distance(cx, counts, cls, melds) - 1);
}

int mj_shanten_melds(const uint8_t *counts, int melds)
{
    return mj_shanten_melds_capped(counts, NULL, melds);
}

int mj_shanten_regular(const uint8_t *counts) { return mj_shanten(counts, MJ_REGULAR); }
int mj_shanten_chiitoi(const uint8_t *counts) { return mj_shanten(counts, MJ_CHIITOI); }
int mj_shanten_kokushi(const uint8_t *counts) { return mj_shanten(counts, MJ_KOKUSHI); }

int mj_is_agari(const uint8_t *counts, int forms)
{
    if (!counts || (forms & ~MJ_ALL_FORMS)) return MJ_ERR_ARG;
    mj_scan_result s = mj_scan(counts);
    int n = mj_checked_total(s);
    if (n < 0) return n;
    if (n % 3 != 2) return MJ_ERR_SHAPE;
    return shanten_scanned(counts, s, forms) == -1;
}

long mj_shanten_batch(const uint8_t *hands, long n, int forms, int8_t *out)
{
    if (n < 0 || (forms & ~MJ_ALL_FORMS) || (n > 0 && (!hands || !out))) return MJ_ERR_ARG;
    long invalid = 0;
    for (long i = 0; i < n; i++) {
        const uint8_t *h = hands + i * MJ_KINDS;
        mj_scan_result s = mj_scan(h);
        if (mj_checked_total(s) < 0) {
            out[i] = MJ_BATCH_INVALID;
            invalid++;
        } else {
            out[i] = (int8_t)shanten_scanned(h, s, forms);
        }
    }
    return invalid;
}
