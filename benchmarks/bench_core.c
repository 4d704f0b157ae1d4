/* C timing harness for the core: ns per hand on fixed random hands.
 * Build and run: make -C benchmarks  (or see benchmarks/README.md) */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "mjcore.h"
#include "suits.h"          /* the inlined lookup, to compare with the public call */

enum { HANDS = 1 << 20, ROUNDS = 5 };

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t next_random(void)
{
    rng_state ^= rng_state << 13; rng_state ^= rng_state >> 7; rng_state ^= rng_state << 17;
    return rng_state;
}

/* n tiles drawn from a shuffled 136-tile wall, as counts */
static void deal(uint8_t *counts, int n)
{
    uint8_t wall[136];
    for (int i = 0; i < 136; i++) wall[i] = (uint8_t)(i / 4);
    memset(counts, 0, 34);
    for (int i = 0; i < n; i++) {
        int j = i + (int)(next_random() % (uint64_t)(136 - i));
        uint8_t t = wall[j]; wall[j] = wall[i]; wall[i] = t;
        counts[t]++;
    }
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static volatile long sink;

typedef long (*kernel)(const uint8_t *hands, long n);

static long k_regular(const uint8_t *h, long n) { long s = 0; for (long i = 0; i < n; i++) s += mj_shanten(h + 34 * i, MJ_REGULAR); return s; }
/* the same numbers without the call or the validation: four class reads and the final table */
static long k_inlined(const uint8_t *h, long n)
{
    long s = 0;
    for (long i = 0; i < n; i++) {
        const uint8_t *c = h + 34 * i;
        uint8_t cls[4];
        int tiles = 0;
        for (int t = 0; t < 34; t++) tiles += c[t];
        for (int q = 0; q < 4; q++) cls[q] = mj_suit_class(c, q);
        s += mj_regular_distance(cls, tiles / 3) - 1;
    }
    return s;
}
static uint8_t *caps_of_hands;      /* per hand: the caps of one random meld, or all 4 */
static long k_capped(const uint8_t *h, long n)
{
    long s = 0;
    for (long i = 0; i < n; i++) s += mj_shanten_capped(h + 34 * i, caps_of_hands + 34 * i, MJ_REGULAR);
    return s;
}
static long k_capped_table(const uint8_t *h, long n)
{
    int8_t after[34]; uint64_t uke[34]; long s = 0;
    for (long i = 0; i < n; i++) {
        s += mj_discard_table_capped(h + 34 * i, caps_of_hands + 34 * i, MJ_REGULAR, after, uke);
        s += (long)uke[0];
    }
    return s;
}
static long k_calls(const uint8_t *h, long n)
{
    int8_t pon[34], chi[102]; long s = 0;
    for (long i = 0; i < n; i++) { s += mj_call_table(h + 34 * i, pon, chi); s += pon[0]; }
    return s;
}
static long k_all(const uint8_t *h, long n) { long s = 0; for (long i = 0; i < n; i++) s += mj_shanten(h + 34 * i, MJ_ALL_FORMS); return s; }
static int8_t batch_out[HANDS];
static long k_batch(const uint8_t *h, long n) { return mj_shanten_batch(h, n, MJ_ALL_FORMS, batch_out) + batch_out[n - 1]; }
static long k_table(const uint8_t *h, long n)
{
    int8_t after[34]; uint64_t uke[34]; long s = 0;
    for (long i = 0; i < n; i++) { s += mj_discard_table(h + 34 * i, MJ_ALL_FORMS, after, uke); s += (long)uke[0]; }
    return s;
}
static long k_ukeire(const uint8_t *h, long n)
{
    uint64_t mask; long s = 0;
    for (long i = 0; i < n; i++) { s += mj_ukeire(h + 34 * i, MJ_ALL_FORMS, &mask); s += (long)mask; }
    return s;
}

static void run(const char *name, kernel k, const uint8_t *hands, long n)
{
    double best = 1e30;
    for (int r = 0; r < ROUNDS; r++) {
        double t0 = now();
        sink = k(hands, n);
        double t = now() - t0;
        if (t < best) best = t;
    }
    printf("%-34s %10.1f ns/hand\n", name, best / n * 1e9);
}

/* An open hand: one pon or chi taken from the wall first, then n - 3 concealed tiles
 * dealt from what is left; caps = 4 minus the meld's copies. */
static void deal_open(uint8_t *counts, uint8_t *caps, int n)
{
    for (;;) {
        memset(caps, 4, 34);
        int low = (int)(next_random() % 34);
        if (next_random() & 1 && low < 27 && low % 9 <= 6) {
            caps[low]--; caps[low + 1]--; caps[low + 2]--;
        } else {
            caps[low] -= 3;
        }
        deal(counts, n - 3);
        int ok = 1;
        for (int t = 0; t < 34; t++) ok &= counts[t] <= caps[t];
        if (ok) return;
    }
}

int main(void)
{
    uint8_t *h13 = malloc((size_t)HANDS * 34), *h14 = malloc((size_t)HANDS * 34);
    uint8_t *o11 = malloc((size_t)HANDS * 34), *o10 = malloc((size_t)HANDS * 34);
    caps_of_hands = malloc((size_t)HANDS * 34);
    uint8_t *caps10 = malloc((size_t)HANDS * 34), *caps11 = caps_of_hands;
    for (long i = 0; i < HANDS; i++) { deal(h13 + 34 * i, 13); deal(h14 + 34 * i, 14); }
    for (long i = 0; i < HANDS; i++) {
        deal_open(o11 + 34 * i, caps11 + 34 * i, 14);
        deal_open(o10 + 34 * i, caps10 + 34 * i, 13);
    }
    printf("mjgui core, %d fixed random hands per row, best of %d rounds\n", HANDS, ROUNDS);
    run("inlined lookup (no call), 13 tiles", k_inlined, h13, HANDS);
    run("regular shanten, 13 tiles", k_regular, h13, HANDS);
    run("regular shanten, 14 tiles", k_regular, h14, HANDS);
    run("all forms shanten, 13 tiles", k_all, h13, HANDS);
    run("all forms shanten, 14 tiles", k_all, h14, HANDS);
    run("batch all forms, 14 tiles", k_batch, h14, HANDS);
    run("ukeire (all forms), 13 tiles", k_ukeire, h13, HANDS / 16);
    run("discard x draw table, 14 tiles", k_table, h14, HANDS / 16);
    run("call table (pon/chi), 13 tiles", k_calls, h13, HANDS / 16);
    run("capped shanten, 11 tiles + a meld", k_capped, o11, HANDS / 4);
    run("capped discard table, 11 + a meld", k_capped_table, o11, HANDS / 16);
    caps_of_hands = caps10;
    run("capped shanten, 10 tiles + a meld", k_capped, o10, HANDS / 4);
    free(h13); free(h14); free(o11); free(o10); free(caps10); free(caps11);
    return 0;
}
