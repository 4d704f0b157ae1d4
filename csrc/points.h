/* Internal: base points and payments from han and fu, shared by the scorer
 * and the expected-value search (which adds ura dora to a scored hand). */
#ifndef MJ_POINTS_H
#define MJ_POINTS_H

#include <stdint.h>
#include "mjcore.h"

/* Base points of han / fu under `rules` (13 per yakuman in han when
 * yakuman > 0); *limit gets the MJ_LIMIT_* reached. */
static inline int32_t mj_base_points(int han, int fu, int yakuman, int rules, int *limit)
{
    if (yakuman) { *limit = MJ_LIMIT_YAKUMAN; return 8000 * yakuman; }
    if (han <= 0) { *limit = MJ_LIMIT_NONE; return 0; }
    int32_t base = (int32_t)fu << (han + 2 > 16 ? 16 : han + 2);
    if (han >= 13 && (rules & MJ_RULE_KAZOE)) { *limit = MJ_LIMIT_KAZOE; return 8000; }
    if (han >= 11) { *limit = MJ_LIMIT_SANBAIMAN; return 6000; }
    if (han >= 8) { *limit = MJ_LIMIT_BAIMAN; return 4000; }
    if (han >= 6) { *limit = MJ_LIMIT_HANEMAN; return 3000; }
    if (han >= 5 || base > 2000 || ((rules & MJ_RULE_KIRIAGE) && base == 1920)) {
        *limit = MJ_LIMIT_MANGAN;
        return 2000;
    }
    *limit = MJ_LIMIT_NONE;
    return base;
}

static inline int32_t mj_up100(int32_t x) { return (x + 99) / 100 * 100; }

/* The payments of base points `base`: p[0] the ron, or on tsumo what each
 * non-dealer pays; p[1] what the dealer pays on a non-dealer's tsumo (else 0).
 * Returns what the payers pay together. */
static inline int32_t mj_payments(int32_t base, int tsumo, int dealer, int32_t p[2])
{
    p[0] = p[1] = 0;
    if (!base) return 0;
    if (!tsumo) return p[0] = mj_up100(base * (dealer ? 6 : 4));
    if (dealer) return 3 * (p[0] = mj_up100(2 * base));
    p[0] = mj_up100(base);
    p[1] = mj_up100(2 * base);
    return p[1] + 2 * p[0];
}

static inline int32_t mj_payers_total(int32_t base, int tsumo, int dealer)
{
    int32_t p[2];
    return mj_payments(base, tsumo, dealer, p);
}

#endif
