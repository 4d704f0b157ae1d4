/* C timing harness for the scorer: ns per complete hand (yaku, fu, points).
 * Build and run: make -C benchmarks scoring  (the tables come from tools/gen_tables.py).
 * The hands are random complete hands built block by block (a third of the
 * blocks called or quads), with a random win situation, fixed by the seed. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "mjcore.h"

enum { HANDS = 1 << 18, ROUNDS = 5 };

static uint64_t rng_state = 0x2545F4914F6CDD1Dull;
static unsigned rnd(unsigned n)
{
    rng_state ^= rng_state << 13; rng_state ^= rng_state >> 7; rng_state ^= rng_state << 17;
    return (unsigned)(rng_state % n);
}

/* One random complete hand with a legal situation; 0 when the draw broke the four-copy limit. */
static int random_win(mj_win *w)
{
    uint8_t used[MJ_KINDS] = {0};
    memset(w, 0, sizeof *w);
    int open = 0;
    for (int b = 0; b < 4; b++) {
        int k = (int)rnd(MJ_KINDS);
        int run = k < 27 && k % 9 <= 6 && rnd(100) < 55;
        int quad = !run && rnd(100) < 10;
        int n = run ? 1 : quad ? 4 : 3;
        if (run) { if (used[k] > 3 || used[k + 1] > 3 || used[k + 2] > 3) return 0; }
        else if (used[k] + n > 4) return 0;
        if (run) { used[k]++; used[k + 1]++; used[k + 2]++; } else used[k] += (uint8_t)n;
        if (quad || rnd(100) < 30) {
            w->meld_tile[w->n_melds] = (uint8_t)k;
            w->meld_type[w->n_melds++] = (uint8_t)(run ? MJ_MELD_CHI : quad ? MJ_MELD_KAN + rnd(3) : MJ_MELD_PON);
            open |= !(quad && w->meld_type[w->n_melds - 1] == MJ_MELD_ANKAN);
        } else if (run) { w->counts[k]++; w->counts[k + 1]++; w->counts[k + 2]++; }
        else w->counts[k] += 3;
    }
    int p = (int)rnd(MJ_KINDS);
    if (used[p] + 2 > 4) return 0;
    w->counts[p] += 2;
    int held[14], n = 0;
    for (int k = 0; k < MJ_KINDS; k++) for (int c = 0; c < w->counts[k]; c++) held[n++] = k;
    w->win_tile = (uint8_t)held[rnd((unsigned)n)];
    w->round_wind = (uint8_t)rnd(2);
    w->seat_wind = (uint8_t)rnd(4);
    w->n_dora = 1;
    w->dora[0] = (uint8_t)rnd(MJ_KINDS);
    w->flags = (uint16_t)(rnd(2) ? MJ_WIN_TSUMO : 0);
    if (!open && rnd(2)) { w->flags |= MJ_WIN_RIICHI; w->n_ura = 1; w->ura[0] = (uint8_t)rnd(MJ_KINDS); }
    return 1;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(void)
{
    mj_win *wins = malloc(sizeof(mj_win) * HANDS);
    mj_score *out = malloc(sizeof(mj_score) * HANDS);
    int8_t *status = malloc(HANDS);
    if (!wins || !out || !status) return 1;
    for (long i = 0; i < HANDS;) i += random_win(&wins[i]);
    const int rules = MJ_RULE_OPEN_TANYAO | MJ_RULE_RED_FIVES | MJ_RULE_KAZOE | MJ_RULE_DOUBLE_WIND_4FU;
    double best_one = 1e9, best_batch = 1e9;
    long wins_count = 0;
    for (int r = 0; r < ROUNDS; r++) {
        double t = now();
        long s = 0;
        for (long i = 0; i < HANDS; i++) s += mj_score_hand(&wins[i], rules, &out[i]) == 1;
        t = now() - t;
        if (t < best_one) best_one = t;
        wins_count = s;
        t = now();
        mj_score_batch(wins, HANDS, rules, out, status);
        t = now() - t;
        if (t < best_batch) best_batch = t;
    }
    printf("%d random complete hands, %ld with a yaku\n", HANDS, wins_count);
    printf("mj_score_hand    %7.1f ns/hand  (%.1f M hands/s)\n", best_one / HANDS * 1e9, HANDS / best_one / 1e6);
    printf("mj_score_batch   %7.1f ns/hand\n", best_batch / HANDS * 1e9);
    free(wins); free(out); free(status);
    return 0;
}
