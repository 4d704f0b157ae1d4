/* Scoring (点数計算): yaku, han, fu and payments of a complete hand.
 *
 * Every reading of the hand is scored and the best kept, as the rules say:
 * each split of the concealed tiles into melds and a pair, and for each split
 * each block the winning tile can have completed (which fixes the wait and,
 * on a ron, opens a triplet).  Thirteen orphans and seven pairs are readings
 * too.  A reading's value is what the winner receives; ties go to more han,
 * then more fu.  Everything that does not depend on the reading (colours,
 * terminals, dora, the situation) is computed once per hand. */
#include "suits.h"
#include "points.h"

enum { RUN, TRIPLET, KAN };

typedef struct {
    uint8_t type, tile, open;     /* open: called, or a triplet completed by ron */
} block;

/* One split of one suit into melds (and maybe the pair). */
typedef struct {
    uint8_t n, pair;              /* pair: the kind, or 255 */
    uint8_t tile[4], run[4];
} suit_split;

#define MAX_SPLITS 24             /* a suit of at most 14 tiles has far fewer */
#define NO_PAIR 255

typedef struct {
    suit_split *out;
    int found;
    suit_split cur;
} splitter;

/* Melds of c[from..end) (a suit's counts, kinds `base` + i), each multiset
 * once: the lowest held kind is a triplet or starts runs. */
static void split_melds(uint8_t *c, int from, int end, int base, int runs_ok, splitter *s)
{
    int i = from;
    while (i < end && !c[i]) i++;
    if (i == end) {
        if (s->found < MAX_SPLITS) s->out[s->found++] = s->cur;
        return;
    }
    suit_split saved = s->cur;
    for (int triplets = c[i] >= 3; triplets >= 0; triplets--) {
        int runs = c[i] - 3 * triplets;
        if (s->cur.n + triplets + runs > 4) continue;
        if (runs && (!runs_ok || i + 2 >= end || c[i + 1] < runs || c[i + 2] < runs)) continue;
        suit_split *u = &s->cur;
        if (triplets) { u->tile[u->n] = (uint8_t)(base + i); u->run[u->n++] = 0; }
        for (int r = 0; r < runs; r++) { u->tile[u->n] = (uint8_t)(base + i); u->run[u->n++] = 1; }
        uint8_t held = c[i];
        c[i] = 0;
        if (runs) { c[i + 1] -= (uint8_t)runs; c[i + 2] -= (uint8_t)runs; }
        split_melds(c, i + 1, end, base, runs_ok, s);
        if (runs) { c[i + 1] += (uint8_t)runs; c[i + 2] += (uint8_t)runs; }
        c[i] = held;
        s->cur = saved;
    }
}

/* Every split of the suit starting at kind `base` with `len` kinds. */
static int split_suit(const uint8_t *counts, int base, int len, suit_split *out)
{
    uint8_t c[9];
    int n = 0;
    for (int i = 0; i < len; i++) n += c[i] = counts[base + i];
    splitter s = {out, 0, {0, NO_PAIR, {0}, {0}}};
    if (n % 3 == 1) return 0;
    if (len == 7 || n == 0) {
        /* honours (or nothing): each kind is a triplet or the pair, one way only */
        for (int i = 0; i < len; i++) {
            if (c[i] == 3) { s.cur.tile[s.cur.n] = (uint8_t)(base + i); s.cur.run[s.cur.n++] = 0; }
            else if (c[i] == 2 && s.cur.pair == NO_PAIR) s.cur.pair = (uint8_t)(base + i);
            else if (c[i]) return 0;
        }
        out[0] = s.cur;
        return 1;
    }
    if (n % 3 == 0) {
        split_melds(c, 0, len, base, len == 9, &s);
        return s.found;
    }
    /* runs and triplets add up to 0 mod 3 over i x count, the pair to 2p: p is fixed mod 3 */
    int moment = 0;
    for (int i = 0; i < len; i++) moment += i * c[i];
    for (int p = 2 * moment % 3; p < len; p += 3) {
        if (c[p] < 2) continue;
        c[p] -= 2;
        s.cur = (suit_split){0, (uint8_t)(base + p), {0}, {0}};
        split_melds(c, 0, len, base, len == 9, &s);
        c[p] += 2;
    }
    return s.found;
}

/* ---- what does not depend on the reading ------------------------------- */

typedef struct {
    const mj_win *w;
    int rules, tsumo, closed, dealer;
    uint8_t total[MJ_KINDS];      /* concealed + meld tiles */
    int suits;                    /* bit per suit held: 1 m, 2 p, 4 s, 8 honours */
    int all_yaochu, all_simple, all_terminal, all_green;
    int dora, ura, red;           /* han */
    uint8_t seat, round;          /* wind kinds */
    /* what every reading shares, listed once: the yakuman of the whole hand,
     * and the situation / tanyao / colour / honroutou yaku */
    int n_yakuman, n_shared;
    uint8_t yakuman[8], yakuman_han[8], shared[12], shared_han[12];
} hand_facts;

static const uint8_t next_dora[MJ_KINDS] = {
#define SUIT(b) b+1, b+2, b+3, b+4, b+5, b+6, b+7, b+8, b+0
    SUIT(0), SUIT(9), SUIT(18),
#undef SUIT
    28, 29, 30, 27, 32, 33, 31
};

/* Kind masks (bit k for kind k) of the tile classes the yaku ask about. */
#define SUIT_MASK(s) ((uint64_t)0x1FF << (9 * (s)))
#define HONOURS ((uint64_t)0x7F << 27)
#define TERMINALS ((uint64_t)1 << 0 | (uint64_t)1 << 8 | (uint64_t)1 << 9 | (uint64_t)1 << 17 \
                   | (uint64_t)1 << 18 | (uint64_t)1 << 26)
#define GREENS ((uint64_t)1 << 19 | (uint64_t)1 << 20 | (uint64_t)1 << 21 | (uint64_t)1 << 23 \
                | (uint64_t)1 << 25 | (uint64_t)1 << 32)

static void hand_yakuman(hand_facts *f);
static void shared_yaku(hand_facts *f);

/* `total` holds the concealed and melded tiles (check() counted them). */
static void gather_facts(const mj_win *w, int rules, const uint8_t *total, int closed, hand_facts *f)
{
    f->w = w;
    f->rules = rules;
    f->tsumo = (w->flags & MJ_WIN_TSUMO) != 0;
    f->dealer = w->seat_wind == 0;
    f->seat = (uint8_t)(27 + w->seat_wind);
    f->round = (uint8_t)(27 + w->round_wind);
    f->closed = closed;
    memcpy(f->total, total, MJ_KINDS);
    uint64_t held = 0;
    for (int k = 0; k < MJ_KINDS; k++) held |= (uint64_t)(total[k] != 0) << k;
    f->suits = (held & SUIT_MASK(0) ? 1 : 0) | (held & SUIT_MASK(1) ? 2 : 0)
             | (held & SUIT_MASK(2) ? 4 : 0) | (held & HONOURS ? 8 : 0);
    f->all_yaochu = !(held & ~(TERMINALS | HONOURS));
    f->all_simple = !(held & (TERMINALS | HONOURS));
    f->all_terminal = !(held & ~TERMINALS);
    f->all_green = !(held & ~GREENS);
    f->dora = f->ura = 0;
    for (int i = 0; i < w->n_dora; i++) f->dora += total[next_dora[w->dora[i]]];
    if (w->flags & (MJ_WIN_RIICHI | MJ_WIN_DOUBLE_RIICHI))
        for (int i = 0; i < w->n_ura; i++) f->ura += total[next_dora[w->ura[i]]];
    f->red = (rules & MJ_RULE_RED_FIVES) ? (w->red & 1) + (w->red >> 1 & 1) + (w->red >> 2 & 1) : 0;
    hand_yakuman(f);
    shared_yaku(f);
}

/* ---- one reading ------------------------------------------------------- */

typedef struct {
    int han, fu, yakuman, limit;
    int32_t base;
    int n_yaku, n_fu, wait;
    uint8_t yaku[MJ_MAX_YAKU], yaku_han[MJ_MAX_YAKU];
    uint8_t fu_what[MJ_MAX_FU], fu_tile[MJ_MAX_FU], fu_value[MJ_MAX_FU];
} reading;

static void add_yaku(reading *r, int id, int han)
{
    if (r->n_yaku < MJ_MAX_YAKU) { r->yaku[r->n_yaku] = (uint8_t)id; r->yaku_han[r->n_yaku++] = (uint8_t)han; }
}

static void add_fu(reading *r, int what, int tile, int value)
{
    if (r->n_fu < MJ_MAX_FU) {
        r->fu_what[r->n_fu] = (uint8_t)what;
        r->fu_tile[r->n_fu] = (uint8_t)tile;
        r->fu_value[r->n_fu++] = (uint8_t)value;
    }
    r->fu += value;
}

static void add_listed(uint8_t *ids, uint8_t *hans, int *n, int id, int han)
{
    ids[*n] = (uint8_t)id;
    hans[(*n)++] = (uint8_t)han;
}

/* Yakuman that the whole hand decides, whatever the reading. */
static void hand_yakuman(hand_facts *f)
{
    const mj_win *w = f->w;
    int dbl = (f->rules & MJ_RULE_DOUBLE_YAKUMAN) ? 2 : 1;
    uint8_t *ids = f->yakuman, *hans = f->yakuman_han;
    int *n = &f->n_yakuman;
    *n = 0;
    if (f->suits == 8) add_listed(ids, hans, n, MJ_Y_TSUUIISOU, 1);
    if (f->all_terminal) add_listed(ids, hans, n, MJ_Y_CHINROUTOU, 1);
    if (f->all_green) add_listed(ids, hans, n, MJ_Y_RYUUIISOU, 1);
    if (w->n_melds == 0 && (f->suits == 1 || f->suits == 2 || f->suits == 4)) {
        const uint8_t *c = w->counts + 9 * mj_suit_of(w->win_tile);
        static const uint8_t need[9] = {3, 1, 1, 1, 1, 1, 1, 1, 3};
        int ok = 1, nine = 1;
        for (int i = 0; i < 9; i++) {
            ok &= c[i] >= need[i];
            nine &= c[i] - (9 * mj_suit_of(w->win_tile) + i == w->win_tile) == need[i];
        }
        if (ok) add_listed(ids, hans, n, nine ? MJ_Y_CHUUREN_9 : MJ_Y_CHUUREN, nine ? dbl : 1);
    }
    if (w->flags & MJ_WIN_TENHOU) add_listed(ids, hans, n, MJ_Y_TENHOU, 1);
    if (w->flags & MJ_WIN_CHIIHOU) add_listed(ids, hans, n, MJ_Y_CHIIHOU, 1);
}

/* The yaku every form shares: the situation, tanyao, colours, honroutou. */
static void shared_yaku(hand_facts *f)
{
    int flags = f->w->flags, closed = f->closed;
    uint8_t *ids = f->shared, *hans = f->shared_han;
    int *n = &f->n_shared;
    *n = 0;
    if (flags & MJ_WIN_DOUBLE_RIICHI) add_listed(ids, hans, n, MJ_Y_DOUBLE_RIICHI, 2);
    else if (flags & MJ_WIN_RIICHI) add_listed(ids, hans, n, MJ_Y_RIICHI, 1);
    if (flags & MJ_WIN_IPPATSU) add_listed(ids, hans, n, MJ_Y_IPPATSU, 1);
    if (closed && f->tsumo) add_listed(ids, hans, n, MJ_Y_TSUMO, 1);
    if (f->all_simple && (closed || (f->rules & MJ_RULE_OPEN_TANYAO))) add_listed(ids, hans, n, MJ_Y_TANYAO, 1);
    if (flags & MJ_WIN_HAITEI) add_listed(ids, hans, n, MJ_Y_HAITEI, 1);
    if (flags & MJ_WIN_HOUTEI) add_listed(ids, hans, n, MJ_Y_HOUTEI, 1);
    if (flags & MJ_WIN_RINSHAN) add_listed(ids, hans, n, MJ_Y_RINSHAN, 1);
    if (flags & MJ_WIN_CHANKAN) add_listed(ids, hans, n, MJ_Y_CHANKAN, 1);
    if (f->all_yaochu) add_listed(ids, hans, n, MJ_Y_HONROUTOU, 2);
    int suits = f->suits & 7;
    if (suits == 1 || suits == 2 || suits == 4)
        add_listed(ids, hans, n, f->suits & 8 ? MJ_Y_HONITSU : MJ_Y_CHINITSU, (f->suits & 8 ? 3 : 6) - !closed);
}

static void copy_yakuman(const hand_facts *f, reading *r)
{
    memcpy(r->yaku, f->yakuman, (size_t)f->n_yakuman);
    memcpy(r->yaku_han, f->yakuman_han, (size_t)f->n_yakuman);
    r->n_yaku = f->n_yakuman;
}

static void copy_shared(const hand_facts *f, reading *r)
{
    memcpy(r->yaku, f->shared, (size_t)f->n_shared);
    memcpy(r->yaku_han, f->shared_han, (size_t)f->n_shared);
    r->n_yaku = f->n_shared;
}

static void regular_reading(const hand_facts *f, const block *b, int pair, int win_block, reading *r)
{
    const int closed = f->closed, tsumo = f->tsumo;
    int runs = 0, triplets = 0, concealed_triplets = 0, kans = 0, chanta = 1, honours = pair >= 27;
    int dragons = 0, winds = 0;
    uint16_t run_suit_mask[9] = {0};      /* runs starting at number i: bit per suit */
    uint8_t trip_mask[9] = {0};
    int run_start[4], n_runs = 0;
    for (int i = 0; i < 4; i++) {
        int t = b[i].tile;
        if (b[i].type == RUN) {
            runs++;
            run_suit_mask[t % 9] |= (uint16_t)(1 << (t / 9));
            run_start[n_runs++] = t;
            chanta &= t % 9 == 0 || t % 9 == 6;
        } else {
            triplets++;
            kans += b[i].type == KAN;
            concealed_triplets += !b[i].open;
            if (t < 27) trip_mask[t % 9] |= (uint8_t)(1 << (t / 9));
            else honours = 1;
            dragons += t >= 31;
            winds += t >= 27 && t < 31;
            chanta &= mj_is_yaochu(t);
        }
    }
    chanta &= mj_is_yaochu(pair);

    /* the wait the winning block had */
    int wait = MJ_WAIT_TANKI;
    if (win_block >= 0) {
        const block *wb = &b[win_block];
        int pos = f->w->win_tile - wb->tile;
        if (wb->type != RUN) wait = MJ_WAIT_SHANPON;
        else if (pos == 1) wait = MJ_WAIT_KANCHAN;
        else if ((pos == 0 && wb->tile % 9 == 6) || (pos == 2 && wb->tile % 9 == 0)) wait = MJ_WAIT_PENCHAN;
        else wait = MJ_WAIT_RYANMEN;
    }
    r->wait = wait;

    /* yakuman first: they replace everything else */
    int dbl = (f->rules & MJ_RULE_DOUBLE_YAKUMAN) ? 2 : 1;
    copy_yakuman(f, r);
    if (concealed_triplets == 4) add_yaku(r, wait == MJ_WAIT_TANKI ? MJ_Y_SUUANKOU_TANKI : MJ_Y_SUUANKOU,
                                          wait == MJ_WAIT_TANKI ? dbl : 1);
    if (dragons == 3) add_yaku(r, MJ_Y_DAISANGEN, 1);
    if (winds == 4) add_yaku(r, MJ_Y_DAISUUSHII, dbl);
    else if (winds == 3 && pair >= 27 && pair < 31) add_yaku(r, MJ_Y_SHOUSUUSHII, 1);
    if (kans == 4) add_yaku(r, MJ_Y_SUUKANTSU, 1);

    /* fu (also reported for yakuman hands) */
    r->fu = 0;
    add_fu(r, MJ_FU_BASE, 0, 20);
    if (closed && !tsumo) add_fu(r, MJ_FU_CLOSED_RON, 0, 10);
    for (int i = 0; i < 4; i++) {
        if (b[i].type == RUN) continue;
        int fu = (mj_is_yaochu(b[i].tile) ? 4 : 2) * (b[i].open ? 1 : 2) * (b[i].type == KAN ? 4 : 1);
        int what = b[i].type == KAN ? (b[i].open ? MJ_FU_OPEN_KAN : MJ_FU_CLOSED_KAN)
                                    : (b[i].open ? MJ_FU_OPEN_TRIPLET : MJ_FU_CLOSED_TRIPLET);
        add_fu(r, what, b[i].tile, fu);
    }
    int pair_fu = 2 * ((pair >= 31) + (pair == f->seat) + (pair == f->round));
    if (pair_fu > 2 && !(f->rules & MJ_RULE_DOUBLE_WIND_4FU)) pair_fu = 2;
    if (pair_fu) add_fu(r, MJ_FU_VALUE_PAIR, pair, pair_fu);
    if (wait == MJ_WAIT_KANCHAN || wait == MJ_WAIT_PENCHAN || wait == MJ_WAIT_TANKI)
        add_fu(r, MJ_FU_WAIT, f->w->win_tile, 2);
    int pinfu = closed && runs == 4 && r->fu == 30 - 10 * tsumo && wait == MJ_WAIT_RYANMEN;
    if (tsumo && !pinfu) add_fu(r, MJ_FU_TSUMO, 0, 2);
    if (!closed && r->fu == 20) add_fu(r, MJ_FU_OPEN_PINFU, 0, 10);
    if (r->n_yaku) return;

    copy_shared(f, r);
    if (pinfu) add_yaku(r, MJ_Y_PINFU, 1);
    if (closed && runs >= 2) {
        /* identical runs: two pairs of them is ryanpeikou, one pair iipeikou */
        int same = 0, used = 0;
        for (int i = 0; i < n_runs; i++)
            for (int j = i + 1; j < n_runs; j++)
                if (!(used >> i & 1) && !(used >> j & 1) && run_start[i] == run_start[j]) {
                    same++;
                    used |= 1 << i | 1 << j;
                }
        if (same == 2) add_yaku(r, MJ_Y_RYANPEIKOU, 3);
        else if (same == 1) add_yaku(r, MJ_Y_IIPEIKOU, 1);
    }
    for (int i = 0; i < 4; i++) {
        int t = b[i].tile;
        if (b[i].type == RUN || t < 27) continue;
        if (t == 31) add_yaku(r, MJ_Y_HAKU, 1);
        if (t == 32) add_yaku(r, MJ_Y_HATSU, 1);
        if (t == 33) add_yaku(r, MJ_Y_CHUN, 1);
        if (t == f->seat) add_yaku(r, MJ_Y_SEAT_WIND, 1);
        if (t == f->round) add_yaku(r, MJ_Y_ROUND_WIND, 1);
    }
    if (chanta && runs) add_yaku(r, honours ? MJ_Y_CHANTA : MJ_Y_JUNCHAN, (honours ? 2 : 3) - !closed);
    for (int s = 0; s < 3; s++)
        if (run_suit_mask[0] >> s & run_suit_mask[3] >> s & run_suit_mask[6] >> s & 1)
            add_yaku(r, MJ_Y_ITTSU, 2 - !closed);
    for (int i = 0; i < 9; i++) {
        if (run_suit_mask[i] == 7) add_yaku(r, MJ_Y_SANSHOKU, 2 - !closed);
        if (trip_mask[i] == 7) add_yaku(r, MJ_Y_SANSHOKU_DOUKOU, 2);
    }
    if (kans == 3) add_yaku(r, MJ_Y_SANKANTSU, 2);
    if (triplets == 4) add_yaku(r, MJ_Y_TOITOI, 2);
    if (concealed_triplets == 3) add_yaku(r, MJ_Y_SANANKOU, 2);
    if (dragons == 2 && pair >= 31) add_yaku(r, MJ_Y_SHOUSANGEN, 2);
}

static void chiitoi_reading(const hand_facts *f, reading *r)
{
    r->wait = MJ_WAIT_TANKI;
    r->fu = 0;
    add_fu(r, MJ_FU_CHIITOI, 0, 25);
    copy_yakuman(f, r);
    if (r->n_yaku) return;
    copy_shared(f, r);
    add_yaku(r, MJ_Y_CHIITOITSU, 2);
}

static void kokushi_reading(const hand_facts *f, reading *r)
{
    int thirteen = f->w->counts[f->w->win_tile] == 2;
    r->wait = thirteen ? MJ_WAIT_THIRTEEN : MJ_WAIT_TANKI;
    r->fu = 0;
    add_yaku(r, thirteen ? MJ_Y_KOKUSHI_13 : MJ_Y_KOKUSHI,
             thirteen && (f->rules & MJ_RULE_DOUBLE_YAKUMAN) ? 2 : 1);
    if (f->w->flags & MJ_WIN_TENHOU) add_yaku(r, MJ_Y_TENHOU, 1);
    if (f->w->flags & MJ_WIN_CHIIHOU) add_yaku(r, MJ_Y_CHIIHOU, 1);
}

/* Han, limit and base points of a reading whose yaku are listed. */
static void value(const hand_facts *f, reading *r)
{
    int yakuman = 0;
    for (int i = 0; i < r->n_yaku; i++)
        if (r->yaku[i] >= MJ_Y_FIRST_YAKUMAN) yakuman += r->yaku_han[i];
    r->yakuman = yakuman;
    if (r->fu != 25) r->fu = (r->fu + 9) / 10 * 10;
    if (yakuman) {
        r->han = 13 * yakuman;
        r->limit = MJ_LIMIT_YAKUMAN;
        r->base = 8000 * yakuman;
        return;
    }
    int han = 0;
    for (int i = 0; i < r->n_yaku; i++) han += r->yaku_han[i];
    if (!han) {               /* no yaku: dora alone cannot win */
        r->han = 0;
        r->limit = MJ_LIMIT_NONE;
        r->base = 0;
        return;
    }
    if (f->dora) add_yaku(r, MJ_Y_DORA, f->dora);
    if (f->ura) add_yaku(r, MJ_Y_URA, f->ura);
    if (f->red) add_yaku(r, MJ_Y_RED, f->red);
    han += f->dora + f->ura + f->red;
    r->han = han;
    r->base = mj_base_points(han, r->fu, 0, f->rules, &r->limit);
}


/* Fill the payments of `out` from its base points. */
static void pay(const hand_facts *f, mj_score *out, int32_t base)
{
    int32_t p[2];
    out->total = mj_payments(base, f->tsumo, f->dealer, p);
    out->pay_ron = f->tsumo ? 0 : p[0];
    out->pay_other = f->tsumo ? p[0] : 0;
    out->pay_dealer = p[1];
    out->received = base ? out->total + 300 * f->w->honba + 1000 * f->w->sticks : 0;
}

static int32_t payers_total(const hand_facts *f, int32_t base)
{
    return mj_payers_total(base, f->tsumo, f->dealer);
}

/* Keep the reading *cur in *best when it pays more (then more yakuman, han, fu): the two buffers swap, so nothing is copied. */
static void consider(const hand_facts *f, reading **cur, reading **best, int32_t *best_total)
{
    reading *r = *cur;
    value(f, r);
    int32_t total = payers_total(f, r->base);
    reading *b = *best;
    /* equal points: a yakuman names the hand better than a kazoe count, then han, then fu */
    if (!b || total > *best_total
        || (total == *best_total && (r->yakuman > b->yakuman || (r->yakuman == b->yakuman
            && (r->han > b->han || (r->han == b->han && r->fu > b->fu)))))) {
        *best_total = total;
        *best = r;
        *cur = b ? b : r + 1;       /* the spare buffer (a reading array of two) */
    }
}

/* ---- validation --------------------------------------------------------- */

static int problem(mj_score *out, int code)
{
    out->problem = (uint8_t)code;
    return code == MJ_PROBLEM_NOT_COMPLETE ? MJ_ERR_NOT_COMPLETE : MJ_ERR_WIN;
}

/* Validate the description; on success `total` holds the concealed and melded
 * tiles and *closed says whether every meld is a closed kan. */
static int check(const mj_win *w, int rules, mj_score *out, uint8_t *total, int *closed)
{
    if (rules & ~MJ_RULES_ALL) return MJ_ERR_ARG;
    if (w->n_melds > 4 || w->round_wind > 3 || w->seat_wind > 3 || w->n_dora > 5 || w->n_ura > 5
        || (w->red & ~7) || (w->flags & ~MJ_WIN_ALL) || w->win_tile >= MJ_KINDS)
        return MJ_ERR_ARG;
    for (int i = 0; i < w->n_dora; i++) if (w->dora[i] >= MJ_KINDS) return MJ_ERR_ARG;
    for (int i = 0; i < w->n_ura; i++) if (w->ura[i] >= MJ_KINDS) return MJ_ERR_ARG;
    mj_scan_result scan = mj_scan(w->counts);       /* counts 0..4 and their sum, vectorised */
    if (scan.bad) return MJ_ERR_COUNT;
    if (scan.tiles != 14 - 3 * w->n_melds) return MJ_ERR_SIZE;
    memcpy(total, w->counts, MJ_KINDS);
    for (int m = 0; m < w->n_melds; m++) {
        int t = w->meld_tile[m], type = w->meld_type[m];
        if (type > MJ_MELD_KAKAN || t >= MJ_KINDS) return MJ_ERR_ARG;
        if (type == MJ_MELD_CHI) {
            if (t >= 27 || t % 9 > 6) return MJ_ERR_ARG;
            total[t]++; total[t + 1]++; total[t + 2]++;
        } else total[t] += type == MJ_MELD_PON ? 3 : 4;
    }
    /* only the melds' kinds can have gone above four */
    for (int m = 0; m < w->n_melds; m++) {
        int t = w->meld_tile[m], last = w->meld_type[m] == MJ_MELD_CHI ? t + 2 : t;
        for (int k = t; k <= last; k++) if (total[k] > 4) return MJ_ERR_COUNT;
    }
    for (int s = 0; s < 3; s++) if ((w->red >> s & 1) && !total[9 * s + 4]) return problem(out, MJ_PROBLEM_RED);
    if (!w->counts[w->win_tile]) return problem(out, MJ_PROBLEM_WIN_TILE);

    int f = w->flags, tsumo = f & MJ_WIN_TSUMO, riichi = f & (MJ_WIN_RIICHI | MJ_WIN_DOUBLE_RIICHI);
    int open = 0, kans = 0;
    for (int m = 0; m < w->n_melds; m++) {
        open |= w->meld_type[m] != MJ_MELD_ANKAN;
        kans += w->meld_type[m] >= MJ_MELD_KAN;
    }
    *closed = !open;
    if ((f & MJ_WIN_RIICHI) && (f & MJ_WIN_DOUBLE_RIICHI)) return problem(out, MJ_PROBLEM_TWO_RIICHI);
    if (riichi && open) return problem(out, MJ_PROBLEM_RIICHI_OPEN);
    if ((f & MJ_WIN_IPPATSU) && !riichi) return problem(out, MJ_PROBLEM_IPPATSU);
    if ((f & MJ_WIN_HAITEI) && !tsumo) return problem(out, MJ_PROBLEM_HAITEI);
    if ((f & MJ_WIN_HOUTEI) && tsumo) return problem(out, MJ_PROBLEM_HOUTEI);
    if ((f & MJ_WIN_RINSHAN) && (!tsumo || !kans)) return problem(out, MJ_PROBLEM_RINSHAN);
    if ((f & MJ_WIN_RINSHAN) && (f & (MJ_WIN_HAITEI | MJ_WIN_IPPATSU))) return problem(out, MJ_PROBLEM_RINSHAN);
    if ((f & MJ_WIN_CHANKAN) && (tsumo || (f & MJ_WIN_HOUTEI))) return problem(out, MJ_PROBLEM_CHANKAN);
    /* the robbed tile is the fourth copy of another player's pon: we hold no other */
    if ((f & MJ_WIN_CHANKAN) && total[w->win_tile] != 1) return problem(out, MJ_PROBLEM_CHANKAN_TILE);
    if (f & (MJ_WIN_TENHOU | MJ_WIN_CHIIHOU)) {
        if ((f & MJ_WIN_TENHOU) && (f & MJ_WIN_CHIIHOU)) return problem(out, MJ_PROBLEM_TENHOU);
        if ((f & MJ_WIN_TENHOU) && w->seat_wind != 0) return problem(out, MJ_PROBLEM_TENHOU);
        if ((f & MJ_WIN_CHIIHOU) && w->seat_wind == 0) return problem(out, MJ_PROBLEM_TENHOU);
        if (!tsumo || w->n_melds || (f & ~(MJ_WIN_TSUMO | MJ_WIN_TENHOU | MJ_WIN_CHIIHOU)))
            return problem(out, MJ_PROBLEM_TENHOU);
    }
    return 0;
}

/* ---- the entry points --------------------------------------------------- */

static int score_one(const mj_win *w, int rules, mj_score *out)
{
    out->problem = 0;
    uint8_t total[MJ_KINDS];
    int closed;
    int err = check(w, rules, out, total, &closed);
    if (err) return err;
    hand_facts f;
    gather_facts(w, rules, total, closed, &f);
    reading buf[2];
    reading *r = &buf[0], *best = NULL;
    int32_t best_total = 0;

    if (w->n_melds == 0) {
        mj_scan_result s = mj_scan(w->counts);
        if (s.yaochu == 13 && s.yaochu_pairs == 1 && s.kinds == 13) {
            r->n_yaku = r->n_fu = 0;
            kokushi_reading(&f, r);
            consider(&f, &r, &best, &best_total);
        }
        if (s.pairs == 7 && s.kinds == 7) {
            r->n_yaku = r->n_fu = 0;
            chiitoi_reading(&f, r);
            consider(&f, &r, &best, &best_total);
        }
    }

    /* regular readings: the product of each suit's splits */
    suit_split splits[4][MAX_SPLITS];
    int n[4];
    for (int s = 0; s < 4; s++) {
        n[s] = split_suit(w->counts, 9 * s, s < 3 ? 9 : 7, splits[s]);
        if (!n[s]) goto done;
    }
    block b[4];
    int fixed = 0;
    for (int m = 0; m < w->n_melds; m++, fixed++) {
        int type = w->meld_type[m];
        b[fixed].tile = w->meld_tile[m];
        b[fixed].type = type == MJ_MELD_CHI ? RUN : type == MJ_MELD_PON ? TRIPLET : KAN;
        b[fixed].open = type != MJ_MELD_ANKAN;
    }
    for (int i0 = 0; i0 < n[0]; i0++)
    for (int i1 = 0; i1 < n[1]; i1++)
    for (int i2 = 0; i2 < n[2]; i2++)
    for (int i3 = 0; i3 < n[3]; i3++) {
        const suit_split *parts[4] = {&splits[0][i0], &splits[1][i1], &splits[2][i2], &splits[3][i3]};
        int nb = fixed, pair = NO_PAIR, pairs = 0;
        for (int s = 0; s < 4; s++) {
            if (parts[s]->pair != NO_PAIR) { pair = parts[s]->pair; pairs++; }
            nb += parts[s]->n;
        }
        if (pairs != 1 || nb != 4) continue;      /* cannot happen for a valid size; kept as a guard */
        nb = fixed;
        for (int s = 0; s < 4; s++) {
            for (int j = 0; j < parts[s]->n; j++, nb++) {
                b[nb].type = parts[s]->run[j] ? RUN : TRIPLET;
                b[nb].tile = parts[s]->tile[j];
                b[nb].open = 0;
            }
        }
        /* each block the winning tile may have completed, once per distinct block */
        int wt = w->win_tile;
        if (pair == wt) {
            r->n_yaku = r->n_fu = 0;
            regular_reading(&f, b, pair, -1, r);
            consider(&f, &r, &best, &best_total);
        }
        for (int j = fixed; j < 4; j++) {
            int dup = 0;
            for (int i = fixed; i < j; i++) dup |= b[i].type == b[j].type && b[i].tile == b[j].tile;
            int t = b[j].tile;
            int holds = b[j].type == RUN ? (wt >= t && wt <= t + 2) : wt == t;
            if (dup || !holds) continue;
            block saved = b[j];
            if (b[j].type == TRIPLET && !f.tsumo) b[j].open = 1;
            r->n_yaku = r->n_fu = 0;
            regular_reading(&f, b, pair, j, r);
            consider(&f, &r, &best, &best_total);
            b[j] = saved;
        }
    }
done:
    if (!best) return problem(out, MJ_PROBLEM_NOT_COMPLETE);
    out->han = (int16_t)best->han;
    out->fu = (int16_t)best->fu;
    out->yakuman = (int16_t)best->yakuman;
    out->limit = (uint8_t)best->limit;
    out->wait = (uint8_t)best->wait;
    out->base = best->base;
    out->n_yaku = (uint8_t)(best->han ? best->n_yaku : 0);
    memcpy(out->yaku, best->yaku, sizeof out->yaku);
    memcpy(out->yaku_han, best->yaku_han, sizeof out->yaku_han);
    out->n_fu = (uint8_t)best->n_fu;
    memcpy(out->fu_what, best->fu_what, sizeof out->fu_what);
    memcpy(out->fu_tile, best->fu_tile, sizeof out->fu_tile);
    memcpy(out->fu_value, best->fu_value, sizeof out->fu_value);
    pay(&f, out, best->base);
    return best->han > 0;
}

int mj_score_hand(const mj_win *win, int rules, mj_score *out)
{
    if (!win || !out) return MJ_ERR_ARG;
    int result = score_one(win, rules, out);
    if (result < 0) {
        uint8_t problem_code = out->problem;
        memset(out, 0, sizeof *out);
        out->problem = problem_code;
    }
    return result;
}

long mj_score_batch(const mj_win *wins, long n, int rules, mj_score *out, int8_t *status)
{
    if (n < 0 || (n > 0 && (!wins || !out || !status))) return MJ_ERR_ARG;
    long failed = 0;
    for (long i = 0; i < n; i++) {
        int result = mj_score_hand(wins + i, rules, out + i);
        status[i] = (int8_t)result;
        failed += result < 0;
    }
    return failed;
}

int32_t mj_points(int han, int fu, int yakuman, int rules, int tsumo, int dealer, int32_t *payments)
{
    if (!payments || han < 0 || han > 200 || fu < 0 || fu > 200 || yakuman < 0 || yakuman > 8
        || (rules & ~MJ_RULES_ALL))
        return MJ_ERR_ARG;
    int limit;
    return mj_payments(mj_base_points(han, fu, yakuman, rules, &limit), tsumo, dealer, payments);
}
