/* Scoring (点数計算): yaku, han, fu and payments of a complete hand.
 *
 * Every reading of the hand is scored and the best kept, as the rules say:
 * each split of the concealed tiles into melds and a pair, and for each split
 * each block the winning tile can have completed (which fixes the wait and,
 * on a ron, opens a triplet).  Thirteen orphans and seven pairs are readings
 * too.  A reading's value is what the winner receives; ties go to more
 * yakuman, han, fu, then to the reading met first.  Everything that does not
 * depend on the reading (colours, terminals, dora, the situation) is computed
 * once per hand; a suit's splits come from a table generated at build time,
 * and a reading is arithmetic on their bitmasks (docs/scoring.md). */
#include "suits.h"
#include "points.h"
#include "readings.h"

/* ---- one suit's splits -------------------------------------------------- */

/* A split of one suit into melds and at most one pair, packed in 64 bits as
 * tools/gen_tables.py writes them (the honours' one split is packed here): */
#define SPLIT_TRIPS(p) ((unsigned)(p) & 0x1FF)       /* bit i: a triplet of the suit's kind i */
#define SPLIT_RUNS(p) ((unsigned)((p) >> 9) & 0x7F)  /* bit i: a run starting at kind i */
#define SPLIT_PAIR(p) ((int)((p) >> 16) & 15)        /* the pair's kind in the suit, NO_PAIR: none */
#define SPLIT_N_RUNS(p) ((int)((p) >> 20) & 7)
#define SPLIT_N_TRIPS(p) ((int)((p) >> 23) & 7)
#define SPLIT_PEIKO(p) ((int)((p) >> 26) & 3)        /* pairs of identical runs */
#define SPLIT_TERMINAL(p) ((int)((p) >> 28) & 1)     /* every block holds a terminal */
#define NO_PAIR 15

/* Bits set among the low nine (without a popcount instruction, the builtin is a call). */
static inline int bits9(unsigned x)
{
    static const uint8_t nibble[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
    return nibble[x & 15] + nibble[x >> 4 & 15] + (int)(x >> 8 & 1);
}

static inline int lowest_bit(unsigned x) { return mj_lowest_kind(x); }      /* x != 0 */

/* The splits of the number suit at counts c[0..8], from the generated hash
 * table (every suit that is at most four melds and a pair is in it); returns
 * how many (0: the suit does not split). */
static int number_splits(const uint8_t *c, const uint64_t **first)
{
    uint64_t key;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && !defined(MJ_PORTABLE)
    /* the eight low counts (3 bits each, one per byte) squeezed together in three steps */
    uint64_t x;
    memcpy(&x, c, 8);
    x = (x | x >> 5) & 0x003F003F003F003Full;
    x = (x | x >> 10) & 0x00000FFF00000FFFull;
    key = (x | x >> 20) & 0xFFFFFF;
    key |= (uint64_t)c[8] << 24;
#else
    key = 0;
    for (int i = 0; i < 9; i++) key |= (uint64_t)c[i] << (3 * i);
#endif
    const uint64_t want = key | 1u << 31;
    unsigned at = (unsigned)((key * MJ_SPLIT_HASH) >> (64 - MJ_SPLIT_BITS));
    for (;;) {              /* the table has empty slots, so this ends */
        uint64_t slot = mj_split_slots[at];
        if ((slot & 0xFFFFFFFFu) == want) {
            *first = mj_splits + (slot >> 32 & 0xFFFF);
            return (int)(slot >> 48);
        }
        if (!slot) return 0;
        at = (at + 1) & ((1u << MJ_SPLIT_BITS) - 1);
    }
}

/* The honours split one way: each kind a triplet or the pair. */
static int honour_split(const uint8_t *c, uint64_t *out)
{
    unsigned trips, pairs, bad;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && !defined(MJ_PORTABLE)
    /* byte-wise tests on the seven counts at once (each 0..4: three bits); a
     * byte's lowest bit says "equal", the multiply gathers those bits */
    const uint64_t ones = 0x0101010101010101ull, gather = 0x0102040810204080ull;
    uint64_t v = 0, t;
    memcpy(&v, c, 7);
#define EQUALS(k) (t = v ^ (k) * ones, ~(t | t >> 1 | t >> 2) & ones)
    trips = (unsigned)((EQUALS(3) * gather) >> 56);
    pairs = (unsigned)((EQUALS(2) * gather) >> 56);
    bad = (EQUALS(1) | EQUALS(4)) != 0;
#undef EQUALS
#else
    trips = pairs = bad = 0;
    for (int i = 0; i < 7; i++) {
        trips |= (unsigned)(c[i] == 3) << i;
        pairs |= (unsigned)(c[i] == 2) << i;
        bad |= c[i] == 1 || c[i] == 4;
    }
#endif
    unsigned pair = pairs ? (unsigned)lowest_bit(pairs) : NO_PAIR;
    *out = trips | (uint64_t)pair << 16 | (uint64_t)bits9(trips) << 23 | (uint64_t)1 << 28;
    return !bad && bits9(pairs) <= 1;
}

/* ---- what does not depend on the reading ------------------------------- */

typedef struct {
    const mj_win *w;
    int rules, tsumo, closed, dealer, dbl;
    int suits;                    /* bit per suit held: 1 m, 2 p, 4 s, 8 honours */
    int all_yaochu, all_simple, all_terminal, all_green;
    int dora, ura, red;           /* han */
    uint8_t seat, round;          /* wind kinds */
    /* the melds, the same in every reading */
    int m_runs, m_trips, m_kans, m_ankans, m_fu, m_terminal;
    unsigned m_run_mask[4], m_trip_mask[4];           /* by suit (no run of honours) */
    uint8_t total[MJ_KINDS + 2];  /* concealed + meld tiles (2 spare: a meld's three kinds are written) */
    /* what every reading shares, listed once: the yakuman of the whole hand,
     * and the situation / tanyao / colour / honroutou yaku */
    int n_yakuman, n_shared, yakuman_sum, shared_sum;
    uint8_t yakuman[8], yakuman_han[8], shared[12], shared_han[12];
    mj_readings *collect;         /* NULL, or the readings to keep (mj_score_readings) */
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

/* Bit k set when kind k is held. */
static uint64_t held_kinds(const uint8_t *total) { return mj_held_mask(total); }

/* A terminal or an honour (mj_is_yaochu without the divisions); kind < 34. */
static inline int yaochu(int kind)
{
    return (int)((TERMINALS | HONOURS) >> kind & 1);
}

/* The fu of a triplet or kan (the pair and the wait are counted apart). */
static int triplet_fu(int kind, int open, int kan)
{
    return 2 << (yaochu(kind) + !open + 2 * kan);      /* 2 or 4, x2 concealed, x4 a kan */
}

static void hand_yakuman(hand_facts *f);
static void shared_yaku(hand_facts *f);

/* After check(), which counted the tiles and read the melds. */
static void gather_facts(const mj_win *w, int rules, hand_facts *f)
{
    const uint8_t *total = f->total;
    f->rules = rules;
    f->tsumo = (w->flags & MJ_WIN_TSUMO) != 0;
    f->dealer = w->seat_wind == 0;
    f->dbl = (rules & MJ_RULE_DOUBLE_YAKUMAN) ? 2 : 1;
    f->seat = (uint8_t)(27 + w->seat_wind);
    f->round = (uint8_t)(27 + w->round_wind);
    uint64_t held = held_kinds(total);
    f->suits = (held & SUIT_MASK(0) ? 1 : 0) | (held & SUIT_MASK(1) ? 2 : 0)
             | (held & SUIT_MASK(2) ? 4 : 0) | (held & HONOURS ? 8 : 0);
    f->all_yaochu = !(held & ~(TERMINALS | HONOURS));
    f->all_simple = !(held & (TERMINALS | HONOURS));
    f->all_terminal = !(held & ~TERMINALS);
    f->all_green = !(held & ~GREENS);
    /* all five indicator slots, the unused ones counting 0 (check() bounded the used ones) */
    int dora = 0, ura = 0, riichi = (w->flags & (MJ_WIN_RIICHI | MJ_WIN_DOUBLE_RIICHI)) != 0;
    for (int i = 0; i < 5; i++) {
        dora += (i < w->n_dora) * total[next_dora[w->dora[i] < MJ_KINDS ? w->dora[i] : 0]];
        ura += (riichi && i < w->n_ura) * total[next_dora[w->ura[i] < MJ_KINDS ? w->ura[i] : 0]];
    }
    f->dora = dora;
    f->ura = ura;
    f->red = (rules & MJ_RULE_RED_FIVES) ? (w->red & 1) + (w->red >> 1 & 1) + (w->red >> 2 & 1) : 0;

    hand_yakuman(f);
    shared_yaku(f);
}

/* ---- one reading ------------------------------------------------------- */

/* How a regular reading reads the hand: a split of each suit (honours last)
 * and the block the winning tile completed. */
typedef struct {
    uint64_t part[4];
    int pair;                     /* the pair's kind */
    int wait;                     /* MJ_WAIT_* */
    int opened;                   /* the concealed triplet a ron completed (it counts as open), or -1 */
} regular_form;

enum { FORM_REGULAR, FORM_CHIITOI, FORM_KOKUSHI };

/* What a split combination decides for every block the winning tile can complete. */
typedef struct {
    int runs, concealed;          /* concealed triplets, before a ron opens one */
    int fu;                       /* all but the wait's (the triplets counted concealed) */
    int yakuman, han;             /* all but suuankou / all but pinfu and sanankou */
} combination;

typedef struct {
    int form;
    regular_form how;
    int han, fu, yakuman, limit;  /* han: the yaku's until value() adds the dora */
    int32_t base, total;
    int n_yaku, n_fu, wait;
    int detail;                   /* list the yaku and fu items (the reading kept), else only count */
    uint8_t yaku[MJ_MAX_YAKU], yaku_han[MJ_MAX_YAKU];
    uint8_t fu_what[MJ_MAX_FU], fu_tile[MJ_MAX_FU], fu_value[MJ_MAX_FU];
} reading;

static void add_yaku(reading *r, int id, int han)
{
    if (r->n_yaku < MJ_MAX_YAKU) { r->yaku[r->n_yaku] = (uint8_t)id; r->yaku_han[r->n_yaku++] = (uint8_t)han; }
}

static void add_fu_item(reading *r, int what, int tile, int value)
{
    if (r->n_fu < MJ_MAX_FU) {
        r->fu_what[r->n_fu] = (uint8_t)what;
        r->fu_tile[r->n_fu] = (uint8_t)tile;
        r->fu_value[r->n_fu++] = (uint8_t)value;
    }
}

/* Each yaku, yakuman and fu item is one line below: the condition and the
 * value are computed in every reading without branching on them (the hands
 * are random, so such branches mispredict); only the reading kept lists them. */
#define YAKU(cond, id, h) do { int c_ = (cond); han += c_ * (h); \
        if (detail && c_) add_yaku(r, id, h); } while (0)
#define YAKUMAN(cond, id, h) do { int c_ = (cond); yakuman += c_ * (h); \
        if (detail && c_) add_yaku(r, id, h); } while (0)
#define FU(cond, what, tile, v) do { int c_ = (cond); fu += c_ * (v); \
        if (detail && c_) add_fu_item(r, what, tile, v); } while (0)

static void add_listed(uint8_t *ids, uint8_t *hans, int *n, int *sum, int id, int han)
{
    ids[*n] = (uint8_t)id;
    hans[(*n)++] = (uint8_t)han;
    *sum += han;
}

/* Yakuman that the whole hand decides, whatever the reading. */
static void hand_yakuman(hand_facts *f)
{
    const mj_win *w = f->w;
    uint8_t *ids = f->yakuman, *hans = f->yakuman_han;
    int *n = &f->n_yakuman, *sum = &f->yakuman_sum;
    *n = *sum = 0;
    if (f->suits == 8) add_listed(ids, hans, n, sum, MJ_Y_TSUUIISOU, 1);
    if (f->all_terminal) add_listed(ids, hans, n, sum, MJ_Y_CHINROUTOU, 1);
    if (f->all_green) add_listed(ids, hans, n, sum, MJ_Y_RYUUIISOU, 1);
    if (w->n_melds == 0 && (f->suits == 1 || f->suits == 2 || f->suits == 4)) {
        const uint8_t *c = w->counts + 9 * mj_suit_of(w->win_tile);
        static const uint8_t need[9] = {3, 1, 1, 1, 1, 1, 1, 1, 3};
        int ok = 1, nine = 1;
        for (int i = 0; i < 9; i++) {
            ok &= c[i] >= need[i];
            nine &= c[i] - (9 * mj_suit_of(w->win_tile) + i == w->win_tile) == need[i];
        }
        if (ok) add_listed(ids, hans, n, sum, nine ? MJ_Y_CHUUREN_9 : MJ_Y_CHUUREN, nine ? f->dbl : 1);
    }
    if (w->flags & MJ_WIN_TENHOU) add_listed(ids, hans, n, sum, MJ_Y_TENHOU, 1);
    if (w->flags & MJ_WIN_CHIIHOU) add_listed(ids, hans, n, sum, MJ_Y_CHIIHOU, 1);
}

/* The yaku every form shares: the situation, tanyao, colours, honroutou. */
static void shared_yaku(hand_facts *f)
{
    int flags = f->w->flags, closed = f->closed;
    uint8_t *ids = f->shared, *hans = f->shared_han;
    int *n = &f->n_shared, *sum = &f->shared_sum;
    *n = *sum = 0;
    if (flags & MJ_WIN_DOUBLE_RIICHI) add_listed(ids, hans, n, sum, MJ_Y_DOUBLE_RIICHI, 2);
    else if (flags & MJ_WIN_RIICHI) add_listed(ids, hans, n, sum, MJ_Y_RIICHI, 1);
    if (flags & MJ_WIN_IPPATSU) add_listed(ids, hans, n, sum, MJ_Y_IPPATSU, 1);
    if (closed && f->tsumo) add_listed(ids, hans, n, sum, MJ_Y_TSUMO, 1);
    if (f->all_simple && (closed || (f->rules & MJ_RULE_OPEN_TANYAO))) add_listed(ids, hans, n, sum, MJ_Y_TANYAO, 1);
    if (flags & MJ_WIN_HAITEI) add_listed(ids, hans, n, sum, MJ_Y_HAITEI, 1);
    if (flags & MJ_WIN_HOUTEI) add_listed(ids, hans, n, sum, MJ_Y_HOUTEI, 1);
    if (flags & MJ_WIN_RINSHAN) add_listed(ids, hans, n, sum, MJ_Y_RINSHAN, 1);
    if (flags & MJ_WIN_CHANKAN) add_listed(ids, hans, n, sum, MJ_Y_CHANKAN, 1);
    if (f->all_yaochu) add_listed(ids, hans, n, sum, MJ_Y_HONROUTOU, 2);
    int suits = f->suits & 7;
    if (suits == 1 || suits == 2 || suits == 4)
        add_listed(ids, hans, n, sum, f->suits & 8 ? MJ_Y_HONITSU : MJ_Y_CHINITSU, (f->suits & 8 ? 3 : 6) - !closed);
}

/* The hand's yakuman (yakuman = 1: returns their multiples) or the shared yaku
 * (adds their han to *han), appended to the reading's list when it lists. */
static int hand_wide(const hand_facts *f, reading *r, int yakuman, int *han)
{
    if (r->detail) {
        const uint8_t *ids = yakuman ? f->yakuman : f->shared, *hans = yakuman ? f->yakuman_han : f->shared_han;
        for (int i = 0, n = yakuman ? f->n_yakuman : f->n_shared; i < n; i++) add_yaku(r, ids[i], hans[i]);
    }
    if (yakuman) return f->yakuman_sum;
    *han += f->shared_sum;
    return 0;
}

/* A regular reading in two steps: what the split combination decides for
 * every winning block, then the block's wait.  `detail` is a constant at each
 * call, so the search's copies list nothing. */
static inline void combine(const hand_facts *f, const regular_form *how, combination *c, reading *r,
                           const int detail)
{
    const int closed = f->closed, tsumo = f->tsumo, pair = how->pair, open = !closed;
    int runs = f->m_runs, triplets = f->m_trips, concealed = f->m_ankans;
    int terminal = f->m_terminal & yaochu(pair), peiko = 0, concealed_fu = 0;
    unsigned run[3], trip[4];
    for (int s = 0; s < 4; s++) {
        uint64_t p = how->part[s];
        unsigned t = SPLIT_TRIPS(p);
        int n = SPLIT_N_TRIPS(p);
        triplets += n;
        concealed += n;
        runs += SPLIT_N_RUNS(p);
        peiko += SPLIT_PEIKO(p);
        terminal &= SPLIT_TERMINAL(p);
        /* a concealed triplet: 4 fu, 8 with a terminal or an honour */
        concealed_fu += 4 * n + 4 * (s < 3 ? (int)(t & 1) + (int)(t >> 8 & 1) : n);
        trip[s] = f->m_trip_mask[s] | t;
        if (s < 3) run[s] = f->m_run_mask[s] | SPLIT_RUNS(p);
    }
    const int honours = trip[3] || pair >= 27, kans = f->m_kans;
    const int dragons = bits9(trip[3] >> 4), winds = bits9(trip[3] & 15);
    const int wind_pair = pair >= 27 && pair < 31, dbl = f->dbl;
    c->runs = runs;
    c->concealed = concealed;

    /* yakuman (suuankou needs the wait) */
    int han = 0, yakuman = hand_wide(f, r, 1, &han);
    YAKUMAN(dragons == 3, MJ_Y_DAISANGEN, 1);
    YAKUMAN(winds == 4, MJ_Y_DAISUUSHII, dbl);
    YAKUMAN(winds == 3 && wind_pair, MJ_Y_SHOUSUUSHII, 1);
    YAKUMAN(kans == 4, MJ_Y_SUUKANTSU, 1);
    c->yakuman = yakuman;

    /* fu but the wait's */
    int fu = 0;
    FU(1, MJ_FU_BASE, 0, 20);
    FU(closed && !tsumo, MJ_FU_CLOSED_RON, 0, 10);
    fu += f->m_fu + concealed_fu;
    if (detail) {        /* the triplets item by item: the melds, then the concealed ones by kind */
        const mj_win *w = f->w;
        for (int m = 0; m < w->n_melds; m++) {
            int type = w->meld_type[m], t = w->meld_tile[m], o = type != MJ_MELD_ANKAN, kan = type != MJ_MELD_PON;
            if (type != MJ_MELD_CHI)
                add_fu_item(r, kan ? (o ? MJ_FU_OPEN_KAN : MJ_FU_CLOSED_KAN) : (o ? MJ_FU_OPEN_TRIPLET : MJ_FU_CLOSED_TRIPLET),
                            t, triplet_fu(t, o, kan));
        }
        for (int s = 0; s < 4; s++)
            for (unsigned t = SPLIT_TRIPS(how->part[s]); t; t &= t - 1) {
                int k = 9 * s + lowest_bit(t), o = k == how->opened;
                add_fu_item(r, o ? MJ_FU_OPEN_TRIPLET : MJ_FU_CLOSED_TRIPLET, k, triplet_fu(k, o, 0));
            }
    }
    int pair_fu = 2 * ((pair >= 31) + (pair == f->seat) + (pair == f->round));
    if (pair_fu > 2 && !(f->rules & MJ_RULE_DOUBLE_WIND_4FU)) pair_fu = 2;
    FU(pair_fu > 0, MJ_FU_VALUE_PAIR, pair, pair_fu);
    c->fu = fu;

    /* the yaku but pinfu and sanankou */
    hand_wide(f, r, 0, &han);
    YAKU(closed && peiko >= 2, MJ_Y_RYANPEIKOU, 3);
    YAKU(closed && peiko == 1, MJ_Y_IIPEIKOU, 1);
    YAKU(trip[3] >> 4 & 1, MJ_Y_HAKU, 1);
    YAKU(trip[3] >> 5 & 1, MJ_Y_HATSU, 1);
    YAKU(trip[3] >> 6 & 1, MJ_Y_CHUN, 1);
    YAKU(trip[3] >> (f->seat - 27) & 1, MJ_Y_SEAT_WIND, 1);
    YAKU(trip[3] >> (f->round - 27) & 1, MJ_Y_ROUND_WIND, 1);
    YAKU(terminal && runs && honours, MJ_Y_CHANTA, 2 - open);
    YAKU(terminal && runs && !honours, MJ_Y_JUNCHAN, 3 - open);
    YAKU((run[0] & 0x49) == 0x49 || (run[1] & 0x49) == 0x49 || (run[2] & 0x49) == 0x49, MJ_Y_ITTSU, 2 - open);
    YAKU((run[0] & run[1] & run[2]) != 0, MJ_Y_SANSHOKU, 2 - open);
    YAKU((trip[0] & trip[1] & trip[2]) != 0, MJ_Y_SANSHOKU_DOUKOU, 2);
    YAKU(kans == 3, MJ_Y_SANKANTSU, 2);
    YAKU(triplets == 4, MJ_Y_TOITOI, 2);
    YAKU(dragons == 2 && pair >= 31, MJ_Y_SHOUSANGEN, 2);
    c->han = han;
}

/* The reading of a combination with its winning block (how->wait, how->opened). */
static inline void with_wait(const hand_facts *f, const regular_form *how, const combination *c, reading *r,
                             const int detail)
{
    const int closed = f->closed, tsumo = f->tsumo, wait = how->wait, opened = how->opened;
    const int concealed = c->concealed - (opened >= 0);
    int yakuman = c->yakuman, han = c->han, fu = c->fu;
    r->wait = wait;
    YAKUMAN(concealed == 4 && wait != MJ_WAIT_TANKI, MJ_Y_SUUANKOU, 1);
    YAKUMAN(concealed == 4 && wait == MJ_WAIT_TANKI, MJ_Y_SUUANKOU_TANKI, f->dbl);
    if (opened >= 0) fu -= triplet_fu(opened, 0, 0) - triplet_fu(opened, 1, 0);
    FU(wait == MJ_WAIT_KANCHAN || wait == MJ_WAIT_PENCHAN || wait == MJ_WAIT_TANKI, MJ_FU_WAIT, f->w->win_tile, 2);
    const int pinfu = closed && c->runs == 4 && fu == 30 - 10 * tsumo && wait == MJ_WAIT_RYANMEN;
    FU(tsumo && !pinfu, MJ_FU_TSUMO, 0, 2);
    FU(!closed && fu == 20, MJ_FU_OPEN_PINFU, 0, 10);
    YAKU(pinfu, MJ_Y_PINFU, 1);
    YAKU(concealed == 3, MJ_Y_SANANKOU, 2);
    r->fu = fu;
    r->yakuman = yakuman;
    r->han = yakuman ? 0 : han;
    if (detail) {          /* a yakuman replaces every yaku: keep one kind of item */
        int n = 0;
        for (int i = 0; i < r->n_yaku; i++)
            if ((r->yaku[i] >= MJ_Y_FIRST_YAKUMAN) == (yakuman > 0)) {
                r->yaku[n] = r->yaku[i];
                r->yaku_han[n++] = r->yaku_han[i];
            }
        r->n_yaku = n;
    }
}

static void chiitoi_reading(const hand_facts *f, reading *r)
{
    const int detail = r->detail;
    r->wait = MJ_WAIT_TANKI;
    r->n_yaku = r->n_fu = 0;
    int fu = 0, han = 0, yakuman = hand_wide(f, r, 1, &han);
    FU(1, MJ_FU_CHIITOI, 0, 25);
    r->fu = fu;
    r->yakuman = yakuman;
    r->han = 0;
    if (yakuman) return;
    hand_wide(f, r, 0, &han);
    YAKU(1, MJ_Y_CHIITOITSU, 2);
    r->han = han;
}

static void kokushi_reading(const hand_facts *f, reading *r)
{
    const int detail = r->detail;
    int thirteen = f->w->counts[f->w->win_tile] == 2, yakuman = 0;
    r->wait = thirteen ? MJ_WAIT_THIRTEEN : MJ_WAIT_TANKI;
    r->n_yaku = r->n_fu = 0;
    r->fu = r->han = 0;
    YAKUMAN(!thirteen, MJ_Y_KOKUSHI, 1);
    YAKUMAN(thirteen, MJ_Y_KOKUSHI_13, f->dbl);
    YAKUMAN((f->w->flags & MJ_WIN_TENHOU) != 0, MJ_Y_TENHOU, 1);
    YAKUMAN((f->w->flags & MJ_WIN_CHIIHOU) != 0, MJ_Y_CHIIHOU, 1);
    r->yakuman = yakuman;
}

#undef YAKU
#undef YAKUMAN
#undef FU

/* Read the hand as r->form (and r->how) says; when listing, the yaku come in
 * the order of their ids, the order players list them. */
static void read_form(const hand_facts *f, reading *r)
{
    r->n_yaku = r->n_fu = 0;
    if (r->form == FORM_REGULAR) {
        combination c;
        if (r->detail) {
            combine(f, &r->how, &c, r, 1);
            with_wait(f, &r->how, &c, r, 1);
        } else {
            combine(f, &r->how, &c, r, 0);
            with_wait(f, &r->how, &c, r, 0);
        }
    } else if (r->form == FORM_CHIITOI) chiitoi_reading(f, r);
    else kokushi_reading(f, r);
    for (int i = 1; i < r->n_yaku; i++)
        for (int j = i; j > 0 && r->yaku[j - 1] > r->yaku[j]; j--) {
            uint8_t id = r->yaku[j], han = r->yaku_han[j];
            r->yaku[j] = r->yaku[j - 1];
            r->yaku_han[j] = r->yaku_han[j - 1];
            r->yaku[j - 1] = id;
            r->yaku_han[j - 1] = han;
        }
}

/* Han (dora added), limit and base points of a reading. */
static void value(const hand_facts *f, reading *r)
{
    if (r->fu != 25) r->fu = (r->fu + 9) / 10 * 10;
    if (r->yakuman) {
        r->han = 13 * r->yakuman;
        r->limit = MJ_LIMIT_YAKUMAN;
        r->base = 8000 * r->yakuman;
        return;
    }
    if (!r->han) {            /* no yaku: dora alone cannot win */
        r->limit = MJ_LIMIT_NONE;
        r->base = 0;
        return;
    }
    if (r->detail) {
        if (f->dora) add_yaku(r, MJ_Y_DORA, f->dora);
        if (f->ura) add_yaku(r, MJ_Y_URA, f->ura);
        if (f->red) add_yaku(r, MJ_Y_RED, f->red);
    }
    r->han += f->dora + f->ura + f->red;
    r->base = mj_base_points(r->han, r->fu, 0, f->rules, &r->limit);
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

/* Keep the valued reading r among f->collect's unless another is at least as
 * good in yaku han and fu (csrc/readings.h). */
static void keep_reading(const hand_facts *f, const reading *r)
{
    mj_readings *c = f->collect;
    if (c->n < 0) return;
    mj_reading_value v = {(int16_t)(r->yakuman ? r->han : r->han ? r->han - c->dora : 0), (int16_t)r->fu,
                          (int16_t)r->yakuman};
    int kept = 0;
    for (int i = 0; i < c->n; i++) {
        const mj_reading_value *o = &c->r[i];
        int beaten = v.yakuman ? o->yakuman >= v.yakuman
                               : o->yakuman || (o->han >= v.han && o->fu >= v.fu);
        if (beaten) return;
        int beats = v.yakuman || (v.han >= o->han && v.fu >= o->fu);
        if (!beats) c->r[kept++] = *o;
    }
    if (kept == MJ_MAX_READINGS) { c->n = -1; return; }
    c->r[kept++] = v;
    c->n = kept;
}

/* Value the reading *cur (read already) and keep it in *best when it pays
 * more (then more yakuman, han, fu). */
static void consider(const hand_facts *f, reading *cur, reading *best)
{
    value(f, cur);
    cur->total = mj_payers_total(cur->base, f->tsumo, f->dealer);
    if (f->collect) keep_reading(f, cur);
    /* equal points: a yakuman names the hand better than a kazoe count, then han, then fu */
    if (best->form < 0 || cur->total > best->total
        || (cur->total == best->total && (cur->yakuman > best->yakuman || (cur->yakuman == best->yakuman
            && (cur->han > best->han || (cur->han == best->han && cur->fu > best->fu))))))
        *best = *cur;
}

/* ---- validation --------------------------------------------------------- */

static int problem(mj_score *out, int code)
{
    out->problem = (uint8_t)code;
    return code == MJ_PROBLEM_NOT_COMPLETE ? MJ_ERR_NOT_COMPLETE : MJ_ERR_WIN;
}

/* Kinds a chi can start from. */
#define CHI_STARTS ((uint64_t)0x7F | (uint64_t)0x7F << 9 | (uint64_t)0x7F << 18)

/* Validate the description; on success f->total holds the concealed and
 * melded tiles, f->closed says whether every meld is a closed kan, the m_*
 * facts describe the melds and *scan the concealed counts.  The common case
 * takes few branches: each meld is read with arithmetic, the errors gathered. */
static int check(const mj_win *w, int rules, mj_score *out, hand_facts *hf, mj_scan_result *scan_out)
{
    if (rules & ~MJ_RULES_ALL) return MJ_ERR_ARG;
    if (w->n_melds > 4 || w->round_wind > 3 || w->seat_wind > 3 || w->n_dora > 5 || w->n_ura > 5
        || (w->red & ~7) || (w->flags & ~MJ_WIN_ALL) || w->win_tile >= MJ_KINDS)
        return MJ_ERR_ARG;
    int bad = 0;
    for (int i = 0; i < 5; i++) bad |= (i < w->n_dora && w->dora[i] >= MJ_KINDS) | (i < w->n_ura && w->ura[i] >= MJ_KINDS);
    if (bad) return MJ_ERR_ARG;
    mj_scan_result scan = mj_scan(w->counts);       /* counts 0..4 and their sum, vectorised */
    if (scan.bad) return MJ_ERR_COUNT;
    if (scan.tiles != 14 - 3 * w->n_melds) return MJ_ERR_SIZE;
    *scan_out = scan;
    uint8_t *total = hf->total;
    memcpy(total, w->counts, MJ_KINDS);
    total[MJ_KINDS] = total[MJ_KINDS + 1] = 0;
    static const uint8_t suit_of[MJ_KINDS] = {
        0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3
    };
    int runs = 0, trips = 0, kans = 0, ankans = 0, fu = 0, terminal = 1, open = 0;
    unsigned run_mask[4] = {0}, trip_mask[4] = {0};
    for (int m = 0; m < w->n_melds; m++) {
        int type = w->meld_type[m], t = w->meld_tile[m];
        bad |= type > MJ_MELD_KAKAN || t >= MJ_KINDS;
        t = t < MJ_KINDS ? t : 0;
        const int chi = type == MJ_MELD_CHI, kan = type >= MJ_MELD_KAN, o = type != MJ_MELD_ANKAN;
        const int s = suit_of[t], i = t - 9 * s;
        bad |= chi && !(CHI_STARTS >> t & 1);
        total[t] += (uint8_t)(chi ? 1 : 3 + kan);
        total[t + 1] += (uint8_t)chi;
        total[t + 2] += (uint8_t)chi;
        runs += chi;
        trips += !chi;
        kans += kan;
        ankans += !o;
        open |= o;
        run_mask[s] |= (unsigned)chi << i;
        trip_mask[s] |= (unsigned)!chi << i;
        terminal &= chi ? i == 0 || i == 6 : yaochu(t);
        fu += chi ? 0 : triplet_fu(t, o, kan);
    }
    if (bad) return MJ_ERR_ARG;
    /* only the melds' kinds can have gone above four */
    if (w->n_melds && mj_scan_size(total).bad) return MJ_ERR_COUNT;
    hf->m_runs = runs;
    hf->m_trips = trips;
    hf->m_kans = kans;
    hf->m_ankans = ankans;
    hf->m_fu = fu;
    hf->m_terminal = terminal;
    memcpy(hf->m_run_mask, run_mask, sizeof run_mask);
    memcpy(hf->m_trip_mask, trip_mask, sizeof trip_mask);
    hf->closed = !open;
    if (w->red & ~((total[4] != 0) | (total[13] != 0) << 1 | (total[22] != 0) << 2)) return problem(out, MJ_PROBLEM_RED);
    if (!w->counts[w->win_tile]) return problem(out, MJ_PROBLEM_WIN_TILE);

    const int f = w->flags, tsumo = f & MJ_WIN_TSUMO, riichi = f & (MJ_WIN_RIICHI | MJ_WIN_DOUBLE_RIICHI);
    if ((f & MJ_WIN_RIICHI) && (f & MJ_WIN_DOUBLE_RIICHI)) return problem(out, MJ_PROBLEM_TWO_RIICHI);
    if (riichi && open) return problem(out, MJ_PROBLEM_RIICHI_OPEN);
    if (!(f & ~(MJ_WIN_TSUMO | MJ_WIN_RIICHI))) return 0;      /* the common case: nothing more to check */
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

/* The blocks the winning tile (kind wt, index wi in suit part p) can have
 * completed in a reading whose pair is `pair`, once per distinct block, in the
 * order a search meets them (the pair, then by first kind, a triplet before a
 * run): their waits, and the triplet a ron opens.  Returns how many. */
static int win_blocks(uint64_t p, int pair, int wt, int wi, int tsumo, uint8_t wait[4], int8_t opened[4])
{
    int n = 0;
    if (pair == wt) { wait[n] = MJ_WAIT_TANKI; opened[n++] = -1; }
    unsigned runs = SPLIT_RUNS(p);
    for (int start = wi - 2; start <= wi; start++) {
        if (start == wi && (SPLIT_TRIPS(p) >> wi & 1)) { wait[n] = MJ_WAIT_SHANPON; opened[n++] = (int8_t)(tsumo ? -1 : wt); }
        if (start < 0 || !(runs >> start & 1)) continue;
        int pos = wi - start;
        wait[n] = pos == 1 ? MJ_WAIT_KANCHAN
                : (pos == 0 && start == 6) || (pos == 2 && start == 0) ? MJ_WAIT_PENCHAN : MJ_WAIT_RYANMEN;
        opened[n++] = -1;
    }
    return n;
}

/* The splits of a hand's concealed tiles: each suit's, the honours' one. */
typedef struct {
    int ok;                       /* 0: the tiles do not split into melds and one pair */
    uint64_t honours;
    const uint64_t *splits[3];
    int n[3];
} hand_splits;

static void split_hand(const uint8_t *counts, hand_splits *sp)
{
    int pairs = 0;
    sp->ok = 0;
    if (!honour_split(counts + 27, &sp->honours)) return;
    pairs += SPLIT_PAIR(sp->honours) != NO_PAIR;
    for (int s = 0; s < 3; s++) {
        if (!(sp->n[s] = number_splits(counts + 9 * s, &sp->splits[s]))) return;
        pairs += SPLIT_PAIR(sp->splits[s][0]) != NO_PAIR;     /* a suit's splits all have a pair or none */
    }
    sp->ok = pairs == 1;
}

/* Every regular reading: each split of each suit, each block the winning tile
 * can have completed.  A hand with one reading only (the common case) is not
 * valued here: *best takes it as it is. */
static void regular_readings(const hand_facts *f, const hand_splits *sp, reading *cur, reading *best)
{
    const mj_win *w = f->w;
    if (!sp->ok) return;
    const uint64_t *const *splits = sp->splits;
    const int *n = sp->n;
    const uint64_t honours = sp->honours;
    const int wt = w->win_tile, ws = mj_suit_of(wt), wi = wt - 9 * ws;
    regular_form *how = &cur->how;
    cur->form = FORM_REGULAR;
    how->part[3] = honours;
    for (int i0 = 0; i0 < n[0]; i0++)
    for (int i1 = 0; i1 < n[1]; i1++)
    for (int i2 = 0; i2 < n[2]; i2++) {
        how->part[0] = splits[0][i0];
        how->part[1] = splits[1][i1];
        how->part[2] = splits[2][i2];
        int pair = 0;
        for (int s = 0; s < 4; s++)
            if (SPLIT_PAIR(how->part[s]) != NO_PAIR) pair = 9 * s + SPLIT_PAIR(how->part[s]);
        how->pair = pair;
        uint8_t wait[4];
        int8_t opened[4];
        int blocks = win_blocks(how->part[ws], pair, wt, wi, f->tsumo, wait, opened);
        if (blocks == 1 && n[0] * n[1] * n[2] == 1 && best->form < 0) {
            how->wait = wait[0];
            how->opened = opened[0];
            *best = *cur;
            return;
        }
        combination c;
        combine(f, how, &c, cur, 0);
        for (int b = 0; b < blocks; b++) {
            how->wait = wait[b];
            how->opened = opened[b];
            with_wait(f, how, &c, cur, 0);
            consider(f, cur, best);
        }
    }
}

/* Every reading of the facts f (gathered, f->collect set) by its forms,
 * the best into *best; 0 when the hand does not complete. */
static int best_reading(hand_facts *f, const mj_scan_result *scan, const hand_splits *sp, reading *best)
{
    reading cur;
    cur.detail = 0;
    best->form = -1;
    if (f->w->n_melds == 0) {
        if (scan->yaochu == 13 && scan->yaochu_pairs == 1 && scan->kinds == 13) {
            cur.form = FORM_KOKUSHI;
            read_form(f, &cur);
            consider(f, &cur, best);
        }
        if (scan->pairs == 7 && scan->kinds == 7) {
            cur.form = FORM_CHIITOI;
            read_form(f, &cur);
            consider(f, &cur, best);
        }
    }
    regular_readings(f, sp, &cur, best);
    return best->form >= 0;
}

/* The readings of the facts f (gathered) with the splits sp into collect,
 * as mj_score_readings gives them. */
static int collect_readings(hand_facts *f, const mj_scan_result *scan, const hand_splits *sp,
                            mj_readings *collect, mj_score *out)
{
    f->collect = collect;
    collect->n = 0;
    collect->dora = f->dora + f->ura + f->red;
    reading best;
    if (!best_reading(f, scan, sp, &best)) return problem(out, MJ_PROBLEM_NOT_COMPLETE);
    if (collect->n == 0) {        /* the one regular reading, taken without consider() */
        read_form(f, &best);
        value(f, &best);
        keep_reading(f, &best);
    }
    return 1;
}

static int score_one(const mj_win *w, int rules, mj_score *out, mj_readings *collect)
{
    out->problem = 0;
    hand_facts f;
    f.w = w;
    mj_scan_result scan;
    int err = check(w, rules, out, &f, &scan);
    if (err) return err;
    gather_facts(w, rules, &f);
    hand_splits sp;
    split_hand(w->counts, &sp);
    if (collect) return collect_readings(&f, &scan, &sp, collect, out);     /* the readings kept are the answer */
    f.collect = NULL;
    reading best;
    if (!best_reading(&f, &scan, &sp, &best)) return problem(out, MJ_PROBLEM_NOT_COMPLETE);
    /* the reading kept, again with its yaku and fu listed (zeros after them) */
    best.detail = 1;
    memset(best.yaku, 0, sizeof best.yaku);
    memset(best.yaku_han, 0, sizeof best.yaku_han);
    memset(best.fu_what, 0, sizeof best.fu_what);
    memset(best.fu_tile, 0, sizeof best.fu_tile);
    memset(best.fu_value, 0, sizeof best.fu_value);
    read_form(&f, &best);
    value(&f, &best);
    out->han = (int16_t)best.han;
    out->fu = (int16_t)best.fu;
    out->yakuman = (int16_t)best.yakuman;
    out->limit = (uint8_t)best.limit;
    out->wait = (uint8_t)best.wait;
    out->base = best.base;
    out->n_yaku = (uint8_t)best.n_yaku;         /* none without a yaku: every yaku has a han */
    memcpy(out->yaku, best.yaku, sizeof out->yaku);
    memcpy(out->yaku_han, best.yaku_han, sizeof out->yaku_han);
    out->n_fu = (uint8_t)best.n_fu;
    memcpy(out->fu_what, best.fu_what, sizeof out->fu_what);
    memcpy(out->fu_tile, best.fu_tile, sizeof out->fu_tile);
    memcpy(out->fu_value, best.fu_value, sizeof out->fu_value);
    pay(&f, out, best.base);
    return best.han > 0;
}

int mj_score_hand(const mj_win *win, int rules, mj_score *out)
{
    if (!win || !out) return MJ_ERR_ARG;
    int result = score_one(win, rules, out, NULL);
    if (result < 0) {
        uint8_t problem_code = out->problem;
        memset(out, 0, sizeof *out);
        out->problem = problem_code;
    }
    return result;
}

int mj_score_readings(const mj_win *win, int rules, mj_readings *out)
{
    if (!win || !out) return MJ_ERR_ARG;
    mj_score unused;
    return score_one(win, rules, &unused, out);
}

int mj_score_readings_both(const mj_win *win, int rules, mj_readings *tsumo, mj_readings *ron, int *ron_result)
{
    if (!win || !tsumo || !ron || !ron_result) return MJ_ERR_ARG;
    mj_win by_ron = *win;
    by_ron.flags = 0;
    mj_score unused;
    hand_facts ft, fr;
    mj_scan_result scan;
    unused.problem = 0;
    ft.w = win;
    /* only the flags differ, and a tsumo alone passes the checks a ron passes
     * (check(): no flag but MJ_WIN_TSUMO is checked further) */
    if (win->flags != MJ_WIN_TSUMO || check(win, rules, &unused, &ft, &scan)) {
        *ron_result = mj_score_readings(&by_ron, rules, ron);
        return mj_score_readings(win, rules, tsumo);
    }
    fr = ft;                      /* check()'s facts: the tiles and melds, the same for both */
    fr.w = &by_ron;
    gather_facts(win, rules, &ft);
    gather_facts(&by_ron, rules, &fr);
    hand_splits sp;
    split_hand(win->counts, &sp);
    *ron_result = collect_readings(&fr, &scan, &sp, ron, &unused);
    return collect_readings(&ft, &scan, &sp, tsumo, &unused);
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
