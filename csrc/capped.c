/* The regular form under per-kind caps: an exact per-suit dynamic programme
 * for the suits that hold a capped kind, the generated class vectors for the
 * others (see capped.h and docs/engine.md). */
#include "capped.h"

/* d[m][p] of one suit (n kinds, runs allowed or not) with counts h and caps c:
 * the fewest tiles missing from h for m melds + p pairs using at most c[i]
 * copies of kind i.  Left to right, the state is the number of runs started
 * at the previous kind (r1) and the one before (r2), the melds and the pair
 * used so far; at kind i we choose the runs starting there (r0), a triplet (t)
 * and a pair (q), with W_i = r0 + r1 + r2 + 3t + 2q <= c[i]. */
static void suit_dp(const uint8_t *h, const uint8_t *c, int n, int runs, mj_dvec d)
{
    uint8_t cur[5][5][5][2], nxt[5][5][5][2];
    memset(cur, MJ_CAP_BIG, sizeof cur);
    cur[0][0][0][0] = 0;
    for (int i = 0; i < n; i++) {
        memset(nxt, MJ_CAP_BIG, sizeof nxt);
        const int cap = c[i] > 4 ? 4 : c[i], held = h[i];
        const int start = runs && i <= n - 3;
        for (int r1 = 0; r1 <= 4; r1++)
            for (int r2 = 0; r1 + r2 <= cap; r2++) {
                const uint8_t (*from)[2] = cur[r1][r2];
                int alive = 0;
                for (int m = 0; m < 5; m++) alive |= (from[m][0] < MJ_CAP_BIG) | (from[m][1] < MJ_CAP_BIG);
                if (!alive) continue;
                for (int t = 0; t < 2; t++)
                    for (int q = 0; q < 2; q++) {
                        const int base = r1 + r2 + 3 * t + 2 * q;
                        if (base > cap) continue;
                        const int most = start ? cap - base : 0;
                        for (int r0 = 0; r0 <= most && r0 + t <= 4; r0++) {
                            const int w = base + r0, add = w > held ? w - held : 0, dm = r0 + t;
                            uint8_t (*to)[2] = nxt[r0][r1];
                            for (int m = 0; m + dm < 5; m++)
                                for (int p = 0; p + q < 2; p++) {
                                    int v = from[m][p] + add;
                                    if (v < to[m + dm][p + q]) to[m + dm][p + q] = (uint8_t)v;
                                }
                        }
                    }
            }
        memcpy(cur, nxt, sizeof cur);
    }
    for (int m = 0; m < 5; m++)
        for (int p = 0; p < 2; p++)
            d[m][p] = cur[0][0][m][p] > MJ_CAP_BIG ? MJ_CAP_BIG : cur[0][0][m][p];
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
    if (!cx->suits) return NULL;
    memset(cx->key, 0, sizeof cx->key);
    return cx;
}

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
    /* the key holds the suit's counts and caps: a cap changed by a call
     * (mj_caps_update) needs no flush */
    const uint64_t key = ((cc * 1953125u + hc) << 2 | (unsigned)suit) + 1;
    const unsigned slot = (unsigned)((key * 0x9E3779B97F4A7C15ull) >> 40) & (MJ_CAP_CACHE - 1);
    if (cx->key[slot] != key) {
        suit_dp(h + base, cx->cap + base, n, suit < 3, cx->d[slot]);
        cx->key[slot] = key;
    }
    memcpy(out, cx->d[slot], sizeof(mj_dvec));
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
