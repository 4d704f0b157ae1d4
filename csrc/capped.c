/* The regular form under per-kind caps: an exact per-suit dynamic programme
 * for the suits that hold a capped kind, the generated class vectors for the
 * others (see capped.h and docs/engine.md). */
#include "capped.h"

/* d[m][p] of one suit (n kinds, runs allowed or not) with counts h and caps c:
 * the fewest tiles missing from h for m melds + p pairs using at most c[i]
 * copies of kind i.  Left to right, the state is the number of runs started
 * at the previous kind (r1) and the one before (r2); its value is the cost
 * for every (m, p) so far, held as bytes m = 0..4 of one word per p.  At kind
 * i we choose the runs starting there (r0), a triplet (t) and the pair (q),
 * with W_i = r0 + r1 + r2 + 3t + 2q <= c[i]: the words shift by the melds
 * added and gain the tiles missing at i.  Every byte stays below 128 (64 plus
 * at most 4 per kind), which the byte-wise minimum needs; bytes 5-7 collect
 * m > 4 and are never read. */
#define ONES 0x0101010101010101ull
#define HIGH 0x8080808080808080ull
#define BIGS (MJ_CAP_BIG * ONES)

static inline uint64_t min_bytes(uint64_t a, uint64_t b)
{
    uint64_t b_le_a = ((((a | HIGH) - b) & HIGH) >> 7) * 0xFF;
    return (a & ~b_le_a) | (b & b_le_a);
}

static void suit_dp(const uint8_t *h, const uint8_t *c, int n, int runs, mj_dvec d)
{
    static const uint64_t fill[5] = {0, BIGS >> 56, BIGS >> 48, BIGS >> 40, BIGS >> 32};
    const uint64_t low5_below_big = 0x4040404040ull;     /* bit 6 of bytes 0-4 */
    uint64_t cur[5][5][2], nxt[5][5][2];
    for (int a = 0; a < 5; a++)
        for (int b = 0; b < 5; b++) cur[a][b][0] = cur[a][b][1] = BIGS;
    cur[0][0][0] = BIGS & ~(uint64_t)0xFF;                /* nothing chosen: cost 0 */
    for (int i = 0; i < n; i++) {
        for (int a = 0; a < 5; a++)
            for (int b = 0; b < 5; b++) nxt[a][b][0] = nxt[a][b][1] = BIGS;
        const int cap = c[i] > 4 ? 4 : c[i], held = h[i];
        const int start = runs && i <= n - 3;
        for (int r1 = 0; r1 <= cap; r1++)
            for (int r2 = 0; r1 + r2 <= cap; r2++) {
                const uint64_t v0 = cur[r1][r2][0], v1 = cur[r1][r2][1];
                if (!((~v0 | ~v1) & low5_below_big)) continue;      /* unreachable state */
                for (int t = 0; t < 2; t++)
                    for (int q = 0; q < 2; q++) {
                        const int base = r1 + r2 + 3 * t + 2 * q;
                        if (base > cap) continue;
                        const int most = start ? cap - base : 0;
                        for (int r0 = 0; r0 <= most && r0 + t <= 4; r0++) {
                            const int w = base + r0, dm = r0 + t;
                            const uint64_t add = (uint64_t)(w > held ? w - held : 0) * ONES;
                            uint64_t *to = nxt[r0][r1];
                            const uint64_t s0 = ((v0 << (8 * dm)) | fill[dm]) + add;
                            if (q) {
                                to[1] = min_bytes(to[1], s0);
                            } else {
                                to[0] = min_bytes(to[0], s0);
                                to[1] = min_bytes(to[1], ((v1 << (8 * dm)) | fill[dm]) + add);
                            }
                        }
                    }
            }
        memcpy(cur, nxt, sizeof cur);
    }
    for (int m = 0; m < 5; m++)
        for (int p = 0; p < 2; p++) {
            unsigned v = (unsigned)(cur[0][0][p] >> (8 * m)) & 0xFF;
            d[m][p] = (uint8_t)(v > MJ_CAP_BIG ? MJ_CAP_BIG : v);
        }
}

void mj_caps_update(mj_caps *cx)
{
    unsigned suits = 0;
    for (int t = 0; t < MJ_KINDS; t++)
        if (cx->cap[t] < 4) suits |= 1u << mj_suit_of(t);
    cx->suits = suits;
}

mj_caps *mj_caps_init(mj_caps *cx, const uint8_t *caps)
{
    if (!caps) return NULL;
    memcpy(cx->cap, caps, MJ_KINDS);
    mj_caps_update(cx);
    return cx->suits ? cx : NULL;
}

/* The memo: per thread (cffi calls release the GIL), zero-initialised, direct
 * mapped.  A key is never 0, so a zero slot is empty. */
static MJ_THREAD_LOCAL uint64_t memo_key[MJ_CAP_CACHE];
static MJ_THREAD_LOCAL mj_dvec memo_d[MJ_CAP_CACHE];

void mj_suit_dvec(mj_caps *cx, const uint8_t *h, int suit, uint8_t cls, mj_dvec out)
{
    if (!(cx->suits >> suit & 1)) {
        memcpy(out, suit == 3 ? mj_honor_d[cls] : mj_number_d[cls], sizeof(mj_dvec));
        return;
    }
    const int base = 9 * suit, n = suit == 3 ? 7 : 9;
    uint64_t hc = 0, cc = 0;
    for (int i = n - 1; i >= 0; i--) {
        hc = hc * 5 + h[base + i];
        cc = cc * 5 + cx->cap[base + i];
    }
    /* the key holds the suit's counts and caps, all the result depends on */
    const uint64_t key = ((cc * 1953125u + hc) << 1 | (suit == 3)) + 1;
    const unsigned slot = (unsigned)((key * 0x9E3779B97F4A7C15ull) >> 40) & (MJ_CAP_CACHE - 1);
    if (memo_key[slot] != key) {
        suit_dp(h + base, cx->cap + base, n, suit < 3, memo_d[slot]);
        memo_key[slot] = key;
    }
    memcpy(out, memo_d[slot], sizeof(mj_dvec));
}

void mj_dvec_merge(const uint8_t (*a)[2], const uint8_t (*b)[2], mj_dvec out)
{
    for (int m = 0; m < 5; m++) {
        int best0 = 4 * MJ_CAP_BIG, best1 = 4 * MJ_CAP_BIG;
        for (int i = 0; i <= m; i++) {
            int x = a[i][0] + b[m - i][0], y = a[i][1] + b[m - i][0], z = a[i][0] + b[m - i][1];
            if (x < best0) best0 = x;
            if (y < best1) best1 = y;
            if (z < best1) best1 = z;
        }
        out[m][0] = (uint8_t)(best0 > MJ_CAP_BIG ? MJ_CAP_BIG : best0);
        out[m][1] = (uint8_t)(best1 > MJ_CAP_BIG ? MJ_CAP_BIG : best1);
    }
}

int mj_capped_distance(mj_caps *cx, const uint8_t *h, const uint8_t cls[4], int k)
{
    mj_dvec d[4], left, right;
    for (int s = 0; s < 4; s++) mj_suit_dvec(cx, h, s, cls[s], d[s]);
    mj_dvec_merge(MJ_CD(d[0]), MJ_CD(d[1]), left);
    mj_dvec_merge(MJ_CD(d[2]), MJ_CD(d[3]), right);
    return mj_dvec_join(MJ_CD(left), MJ_CD(right), k);
}
