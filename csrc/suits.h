/* Internal: a hand seen as four suits, each reduced to a class id through the
 * generated tables (see tools/gen_tables.py), plus the counts that seven
 * pairs and thirteen orphans need.  Callers validate first (counts 0..4, at
 * most 14 tiles), which keeps every table index in range. */
#ifndef MJ_SUITS_H
#define MJ_SUITS_H

#include <string.h>
#include "mjcore.h"
#include "mj_tables.h"

static inline int mj_suit_of(int kind) { return kind < 27 ? kind / 9 : 3; }

static inline int mj_is_yaochu(int kind)
{
    return kind >= 27 || kind % 9 == 0 || kind % 9 == 8;
}

/* Class id of suit 0..2 (9 number tiles) or 3 (7 honours). */
static inline uint8_t mj_suit_class(const uint8_t *counts, int suit)
{
    if (suit == 3) {
        const uint8_t *c = counts + 27;
        unsigned code = c[0] + 5 * (c[1] + 5 * (c[2] + 5 * (c[3] + 5 * (c[4] + 5 * (c[5] + 5 * c[6])))));
        return mj_class7[code];
    }
    /* the low five counts pick a state, the high four the class within it */
    const uint8_t *c = counts + 9 * suit;
    unsigned lo = c[0] + 5 * (c[1] + 5 * (c[2] + 5 * (c[3] + 5 * c[4])));
    unsigned hi = c[5] + 5 * (c[6] + 5 * (c[7] + 5 * c[8]));
    return mj_class9[mj_low_state[lo]][hi];
}

/* Replacement number (tiles missing from the nearest complete hand) of the
 * regular form with k melds + a pair, from the four suit classes. */
static inline int mj_regular_distance(const uint8_t cls[4], int k)
{
    return mj_final[k][mj_merge_nn[cls[0]][cls[1]]][mj_merge_nz[cls[2]][cls[3]]];
}

/* One pass over the counts, eight at a time: validity, size, and what seven
 * pairs and thirteen orphans need. */
typedef struct {
    int tiles, bad;            /* total; nonzero when some count exceeds 4 */
    int pairs, kinds;          /* kinds held twice or more / at all */
    int yaochu, yaochu_pairs;  /* terminal+honour kinds held / held twice */
} mj_scan_result;

/* Sum of the bytes of a word, while it stays below 256: one multiply. */
static inline int mj_byte_sum(uint64_t bytes)
{
    return (int)((bytes * 0x0101010101010101ull) >> 56);
}

#if defined(__SSE2__) && !defined(MJ_PORTABLE)
#include <emmintrin.h>

/* Sum of the bytes of v that are at least `at_least` (1 or 2), counted as ones,
 * or of their values (at_least 0): _mm_sad_epu8 adds each half's bytes. */
static inline int mj_sum_bytes(__m128i v)
{
    __m128i s = _mm_sad_epu8(v, _mm_setzero_si128());
    return _mm_cvtsi128_si32(s) + _mm_cvtsi128_si32(_mm_srli_si128(s, 8));
}

/* Bit i set when a[i] < bound, for the 48 bytes of a (0..127 each; bound 0..127). */
static inline uint64_t mj_bytes_below(const uint8_t a[48], int bound)
{
    const __m128i b = _mm_set1_epi8((char)bound);
    uint64_t m = 0;
    for (int i = 0; i < 48; i += 16)
        m |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmplt_epi8(_mm_loadu_si128((const __m128i *)(a + i)), b)) << i;
    return m;
}

static inline mj_scan_result mj_scan(const uint8_t *counts)
{
    uint8_t buf[48] = {0};
    memcpy(buf, counts, MJ_KINDS);
    const __m128i one = _mm_set1_epi8(1), four = _mm_set1_epi8(4);
    __m128i ok = _mm_set1_epi8(-1), tiles = _mm_setzero_si128(), kinds = tiles, pairs = tiles,
            yaochu = tiles, yaochu_pairs = tiles;
    for (int i = 0; i < 48; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(buf + i));
        __m128i yao = _mm_loadu_si128((const __m128i *)(MJ_YAOCHU_BYTES + i));
        ok = _mm_and_si128(ok, _mm_cmpeq_epi8(_mm_max_epu8(v, four), four));   /* v <= 4 */
        __m128i held = _mm_min_epu8(v, one);                                 /* v >= 1 */
        __m128i twice = _mm_min_epu8(_mm_subs_epu8(v, one), one);           /* v >= 2 */
        tiles = _mm_add_epi8(tiles, v);
        kinds = _mm_add_epi8(kinds, held);
        pairs = _mm_add_epi8(pairs, twice);
        yaochu = _mm_add_epi8(yaochu, _mm_and_si128(held, yao));
        yaochu_pairs = _mm_add_epi8(yaochu_pairs, _mm_and_si128(twice, yao));
    }
    mj_scan_result r;
    r.bad = _mm_movemask_epi8(ok) != 0xFFFF;
    r.tiles = mj_sum_bytes(tiles);           /* bytes stay below 256 while counts are <= 4 */
    r.kinds = mj_sum_bytes(kinds);
    r.pairs = mj_sum_bytes(pairs);
    r.yaochu = mj_sum_bytes(yaochu);
    r.yaochu_pairs = mj_sum_bytes(yaochu_pairs);
    return r;
}
#else
static inline mj_scan_result mj_scan(const uint8_t *counts)
{
    enum { WORDS = 5 };
    const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
    uint64_t w[WORDS] = {0}, yao[WORDS];
    memcpy(w, counts, MJ_KINDS);
    memcpy(yao, MJ_YAOCHU_BYTES, sizeof yao);
    /* per-byte tallies: each byte stays below 256 over five words */
    uint64_t bad = 0, tiles = 0, kinds = 0, pairs = 0, yaochu = 0, yaochu_pairs = 0;
    for (int i = 0; i < WORDS; i++) {
        /* a byte above 4: its top bit is set, or adding 123 sets it (no carry below 128) */
        bad |= (w[i] | ((w[i] & ~high) + 123 * ones)) & high;
        tiles += w[i] & 0x0707070707070707ull;       /* exact once no byte is above 4 */
        uint64_t held = ((w[i] + 127 * ones) & high) >> 7, twice = ((w[i] + 126 * ones) & high) >> 7;
        kinds += held;
        pairs += twice;
        yaochu += held & yao[i];
        yaochu_pairs += twice & yao[i];
    }
    mj_scan_result r;
    r.bad = bad != 0;
    r.tiles = mj_byte_sum(tiles);
    r.kinds = mj_byte_sum(kinds);
    r.pairs = mj_byte_sum(pairs);
    r.yaochu = mj_byte_sum(yaochu);
    r.yaochu_pairs = mj_byte_sum(yaochu_pairs);
    return r;
}

#endif

/* The lowest set bit of the nonzero mask m (a kind, in a mask of kinds). */
static inline int mj_lowest_kind(uint64_t m)
{
#if defined(__GNUC__)
    return __builtin_ctzll(m);
#else
    int i = 0;
    while (!(m >> i & 1)) i++;
    return i;
#endif
}

/* Bit k set when h holds kind k. */
static inline uint64_t mj_held_mask(const uint8_t *h)
{
#if defined(__SSE2__) && !defined(MJ_PORTABLE)
    uint8_t buf[48] = {0};
    memcpy(buf, h, MJ_KINDS);
    uint64_t empty = 0;
    for (int i = 0; i < 48; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(buf + i));
        empty |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128())) << i;
    }
    return ~empty & (((uint64_t)1 << MJ_KINDS) - 1);
#else
    uint64_t m = 0;
    for (int k = 0; k < MJ_KINDS; k++) m |= (uint64_t)(h[k] != 0) << k;
    return m;
#endif
}

/* Only what validation needs (tile total, a count above 4): the regular form's fast path. */
static inline mj_scan_result mj_scan_size(const uint8_t *counts)
{
    const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
    uint64_t w[5] = {0};
    memcpy(w, counts, MJ_KINDS);
    uint64_t bad = 0, tiles = 0;
    for (int i = 0; i < 5; i++) {
        bad |= (w[i] | ((w[i] & ~high) + 123 * ones)) & high;
        tiles += w[i] & 0x0707070707070707ull;
    }
    mj_scan_result r = {mj_byte_sum(tiles), bad != 0, 0, 0, 0, 0};
    return r;
}

/* The same numbers after drawing one `kind` held `held` times. */
static inline mj_scan_result mj_scan_draw(mj_scan_result s, int kind, int held)
{
    s.tiles++;
    s.pairs += held == 1;
    s.kinds += held == 0;
    if (mj_is_yaochu(kind)) {
        s.yaochu += held == 0;
        s.yaochu_pairs += held == 1;
    }
    return s;
}

/* ... and after discarding one `kind` held `held` times. */
static inline mj_scan_result mj_scan_discard(mj_scan_result s, int kind, int held)
{
    s.tiles--;
    s.pairs -= held == 2;
    s.kinds -= held == 1;
    if (mj_is_yaochu(kind)) {
        s.yaochu -= held == 1;
        s.yaochu_pairs -= held == 2;
    }
    return s;
}

static inline int mj_chiitoi_from(mj_scan_result s)
{
    return 6 - s.pairs + (s.kinds < 7 ? 7 - s.kinds : 0);
}

static inline int mj_kokushi_from(mj_scan_result s)
{
    return 13 - s.yaochu - (s.yaochu_pairs > 0);
}

/* Best shanten over `forms` (seven pairs and orphans need 13 or 14 tiles). */
static inline int mj_best_of(int forms, int regular_distance, mj_scan_result s)
{
    int best = 99, v;
    if (forms & MJ_REGULAR) best = regular_distance - 1;
    if (s.tiles >= 13) {
        if ((forms & MJ_CHIITOI) && (v = mj_chiitoi_from(s)) < best) best = v;
        if ((forms & MJ_KOKUSHI) && (v = mj_kokushi_from(s)) < best) best = v;
    }
    return best == 99 ? MJ_NOT_APPLICABLE : best;
}

/* Validate through a scan: the tile total, or MJ_ERR_COUNT / MJ_ERR_SIZE. */
static inline int mj_checked_total(mj_scan_result s)
{
    if (s.bad) return MJ_ERR_COUNT;
    if (s.tiles > 14 || s.tiles % 3 == 0) return MJ_ERR_SIZE;
    return s.tiles;
}

#endif
