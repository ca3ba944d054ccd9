/* Maximum-weight matching on general graphs: Edmonds' primal-dual blossom
 * algorithm (least-slack edges per vertex and blossom), on exact unsigned
 * integers of a fixed number of 64-bit limbs.
 *
 * The native core of pairing/engine/matching.py (which keeps a pure-Python
 * solver as its fallback).  The pairing weights pack every criterion and the
 * generation order into one integer of up to a few thousand bits; Python's
 * big integers made each solve take seconds.  Here every weight, dual and
 * slack is `L` limbs, little-endian, all of them non-negative.
 *
 * The same algorithm as max_weight_matching_python, step for step: each
 * vertex dual starts at its heaviest edge and a greedy pass matches along
 * tight edges; then alternating trees grow from every deficient vertex (free,
 * with a positive dual) at once, and a tree ends when its root is matched or
 * a dual in it reaches zero.  On the pairing graphs the greedy pass matches
 * most vertices, so there are few trees to grow.
 *
 * Conventions: vertex duals are kept doubled (slack(e) = D[u] + D[v] - 2 w(e)),
 * blossom duals in the same units; all duals start even and every vertex
 * joins a tree through a tight edge, so all labelled vertices share one
 * parity and the slack of an edge between two S vertices is even.  An endpoint p stands for one end of edge
 * p >> 1: endpoint[p] is its vertex, p ^ 1 the other end.  mate[v] is the far
 * endpoint of v's matched edge.  A blossom's children are listed in cycle
 * order from the base child; ends[i] joins child i (vertex endpoint[ends[i]])
 * to child i + 1 (vertex endpoint[ends[i] ^ 1]).
 *
 * Built by `make native` (cc -O2 -shared -fPIC); loaded with ctypes.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t u64;

typedef struct {
    int n, m, L;
    const int *endpoint;     /* 2m */
    int *adj_start, *adj;    /* per vertex: the far endpoints of its edges */
    u64 *adj_lo, *adj_hi;    /* per adjacency entry q: limb 0, and limbs L-1, L-2, of 2 w */
    u64 *w2;                 /* m * L: 2 w(e) */
    u64 *dual;               /* 2n * L */
    int *mate, *label, *labelend, *inblossom, *bparent, *bbase, *bestedge;
    int *tree;               /* 2n: the root of the tree a labelled top-level blossom is in */
    char *live;              /* n: roots of the trees still growing */
    int nlive;
    int **childs, **ends, *nchilds;
    int **bestlist, *nbestlist;
    int *unused, nunused;
    char *allowed;
    int *queue, qlen, qcap;
    int *leafbuf, *pathbuf;
    int *bestto;             /* 2n: scratch for add_blossom */
    int *members, *tops;     /* n, 2n: scratch for dissolve */
    char *stale;             /* n: bestedge[v] to be recomputed before the next dual change */
    u64 *bestto_slack;       /* 2n * L: slack of bestto[b], for add_blossom */
    u64 *t1, *t2, *t3;       /* scratch numbers */
    u64 *bestslack;          /* 2n * L: slack of bestedge[x] when stamp[x] == epoch */
    long *stamp, epoch;
    int failed;
} G;

#define DUAL(g, i) ((g)->dual + (size_t)(i) * (g)->L)

/* ---- numbers ------------------------------------------------------------ */
static inline void num_add(int L, u64 *r, const u64 *a, const u64 *b) {
    u64 c = 0;
    for (int i = 0; i < L; i++) {
        u64 s = a[i] + c;
        u64 c1 = s < c;
        u64 t = s + b[i];
        c = c1 | (t < s);
        r[i] = t;
    }
}

static inline void num_sub(int L, u64 *r, const u64 *a, const u64 *b) {
    u64 br = 0;
    for (int i = 0; i < L; i++) {
        u64 x = a[i], y = b[i];
        u64 d = x - y;
        u64 b1 = x < y;
        u64 d2 = d - br;
        br = b1 | (d < br);
        r[i] = d2;
    }
}

static inline int num_cmp(int L, const u64 *a, const u64 *b) {
    for (int i = L - 1; i >= 0; i--)
        if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
}

static inline int num_zero(int L, const u64 *a) {
    for (int i = 0; i < L; i++)
        if (a[i]) return 0;
    return 1;
}

/* out += value << (64 at), within L limbs */
static inline void num_add_at(int L, u64 *out, int at, u64 value) {
    for (int i = at; value && i < L; i++) {
        u64 s = out[i] + value;
        value = s < value;
        out[i] = s;
    }
}

static inline void num_half(int L, u64 *a) {
    for (int i = 0; i < L; i++) {
        a[i] >>= 1;
        if (i + 1 < L) a[i] |= a[i + 1] << 63;
    }
}

/* out = D[u] + D[v] - 2 w(k), in one pass; returns whether it is zero */
static inline int slack(G *g, int k, u64 *out) {
    int L = g->L;
    const u64 *a = DUAL(g, g->endpoint[2 * k]), *b = DUAL(g, g->endpoint[2 * k + 1]);
    const u64 *w = g->w2 + (size_t)k * L;
    __int128 carry = 0;
    u64 any = 0;
    for (int i = 0; i < L; i++) {
        __int128 x = (__int128)a[i] + b[i] - w[i] + carry;
        out[i] = (u64)x;
        any |= (u64)x;
        carry = x >> 64;
    }
    return any == 0;
}

/* whether a number from slack() is negative (it wrapped around: its top bit set,
 * since every weight and dual stays below 2^(64 L - 3)) */
static inline int signed_negative(int L, const u64 *a) { return (a[L - 1] >> 63) != 0; }

/* whether the edge of adjacency entry q (from v) is tight: the lowest limb and
 * the top limbs, stored with the entry, decide most edges */
static inline int tight_entry(G *g, int q, int v) {
    int L = g->L, p = g->adj[q];
    const u64 *x = DUAL(g, v), *y = DUAL(g, g->endpoint[p]);
    if (x[0] + y[0] - g->adj_lo[q] != 0) return 0;
    /* then from the top limb down, as in slack_below (the slack is never negative) */
    const u64 *w = g->w2 + (size_t)(p >> 1) * L;
    __int128 d = 0;
    for (int i = L - 1; i >= 0; i--) {
        u64 wi = i == L - 1 ? g->adj_hi[2 * q] : i == L - 2 ? g->adj_hi[2 * q + 1] : w[i];
        d = d * ((__int128)1 << 64) + (__int128)x[i] + y[i] - wi;
        if (d >= 2) return 0;
    }
    return d == 0;
}

/* slack of bestedge[x], computed once per dual epoch */
static const u64 *best_slack(G *g, int x) {
    u64 *cached = g->bestslack + (size_t)x * g->L;
    if (g->stamp[x] != g->epoch) {
        slack(g, g->bestedge[x], cached);
        g->stamp[x] = g->epoch;
    }
    return cached;
}

/* whether the slack of adjacency entry q's edge (from v) is below b, read from
 * the most significant limb down (the two top limbs are stored with the entry):
 * the carries from the limbs not read yet move the difference by less than two
 * units of the current limb, so most comparisons end after a limb or two */
static inline int slack_below(G *g, int q, int v, const u64 *b) {
    int L = g->L, p = g->adj[q];
    const u64 *x = DUAL(g, v), *y = DUAL(g, g->endpoint[p]);
    const u64 *w = g->w2 + (size_t)(p >> 1) * L;
    __int128 d = 0;
    for (int i = L - 1; i >= 0; i--) {
        u64 wi = i == L - 1 ? g->adj_hi[2 * q] : i == L - 2 ? g->adj_hi[2 * q + 1] : w[i];
        d = d * ((__int128)1 << 64) + (__int128)x[i] + y[i] - wi - b[i];
        if (d >= 2) return 0;
        if (d <= -2) return 1;
    }
    return d < 0;
}

/* offer the edge of adjacency entry q (from v) as bestedge[x] */
static inline void offer(G *g, int x, int q, int v) {
    int k = g->adj[q] >> 1;
    if (g->bestedge[x] == -1 || slack_below(g, q, v, best_slack(g, x))) {
        g->bestedge[x] = k;
        slack(g, k, g->bestslack + (size_t)x * g->L);
        g->stamp[x] = g->epoch;
    }
}

/* ---- helpers ------------------------------------------------------------- */
static void push(G *g, int v) {
    if (g->qlen == g->qcap) {
        int cap = 2 * g->qcap;
        int *q = realloc(g->queue, sizeof(int) * cap);
        if (!q) { g->failed = 1; return; }
        g->queue = q;
        g->qcap = cap;
    }
    g->queue[g->qlen++] = v;
}

/* the vertices of blossom b into buf (returns their number) */
static int leaves(G *g, int b, int *buf) {
    if (b < g->n) { buf[0] = b; return 1; }
    int count = 0;
    for (int i = 0; i < g->nchilds[b]; i++) count += leaves(g, g->childs[b][i], buf + count);
    return count;
}

static inline int wrap(int j, int len) { return ((j % len) + len) % len; }

static void assign_label(G *g, int w, int t, int p) {
    int b = g->inblossom[w];
    g->label[w] = g->label[b] = t;
    g->labelend[w] = g->labelend[b] = p;
    g->bestedge[w] = g->bestedge[b] = -1;
    g->tree[b] = p == -1 ? w : g->tree[g->inblossom[g->endpoint[p]]];
    if (t == 1) {
        int count = leaves(g, b, g->leafbuf);
        for (int i = 0; i < count; i++) push(g, g->leafbuf[i]);
    } else {
        int base_mate = g->mate[g->bbase[b]];
        assign_label(g, g->endpoint[base_mate], 1, base_mate ^ 1);
    }
}

/* The base of the blossom that edge (v, w) closes, or -1 when v and w are in
 * different trees (an augmenting path). */
static int scan_blossom(G *g, int v, int w) {
    int npath = 0, found = -1;
    while (v != -1 || w != -1) {
        int b = g->inblossom[v];
        if (g->label[b] & 4) { found = g->bbase[b]; break; }
        g->pathbuf[npath++] = b;
        g->label[b] = 5;
        if (g->labelend[b] == -1) {
            v = -1;
        } else {
            v = g->endpoint[g->labelend[b]];
            b = g->inblossom[v];
            v = g->endpoint[g->labelend[b]];
        }
        if (w != -1) { int t = v; v = w; w = t; }
    }
    for (int i = 0; i < npath; i++) g->label[g->pathbuf[i]] = 1;
    return found;
}

static void add_blossom(G *g, int found, int k) {
    int n = g->n, L = g->L;
    int v = g->endpoint[2 * k], w = g->endpoint[2 * k + 1];
    int bb = g->inblossom[found], bv = g->inblossom[v], bw = g->inblossom[w];
    int b = g->unused[--g->nunused];
    g->bbase[b] = found;
    g->bparent[b] = -1;
    g->bparent[bb] = b;
    /* children: from bv down to bb (reversed afterwards), then bw up to bb */
    int *path = malloc(sizeof(int) * 2 * n), *ends = malloc(sizeof(int) * 2 * n);
    if (!path || !ends) { g->failed = 1; free(path); free(ends); return; }
    int len = 0;
    while (bv != bb) {
        g->bparent[bv] = b;
        path[len] = bv;
        ends[len] = g->labelend[bv];
        len++;
        bv = g->inblossom[g->endpoint[g->labelend[bv]]];
    }
    path[len] = bb;
    len++;
    for (int i = 0, j = len - 1; i < j; i++, j--) { int t = path[i]; path[i] = path[j]; path[j] = t; }
    for (int i = 0, j = len - 2; i < j; i++, j--) { int t = ends[i]; ends[i] = ends[j]; ends[j] = t; }
    ends[len - 1] = 2 * k;
    while (bw != bb) {
        g->bparent[bw] = b;
        path[len] = bw;
        ends[len] = g->labelend[bw] ^ 1;
        len++;
        bw = g->inblossom[g->endpoint[g->labelend[bw]]];
    }
    g->childs[b] = path;
    g->ends[b] = ends;
    g->nchilds[b] = len;
    g->label[b] = 1;
    g->labelend[b] = g->labelend[bb];
    g->tree[b] = g->tree[bb];
    memset(DUAL(g, b), 0, sizeof(u64) * L);
    int count = leaves(g, b, g->leafbuf);
    for (int i = 0; i < count; i++) {
        int x = g->leafbuf[i];
        if (g->label[g->inblossom[x]] == 2) push(g, x);  /* T vertices become S */
        g->inblossom[x] = b;
    }
    /* the least-slack edge from b to each neighbouring S blossom */
    int *bestto = g->bestto;
    int *touched = malloc(sizeof(int) * 2 * n);
    if (!touched) { g->failed = 1; return; }
    int ntouched = 0;
    for (int c = 0; c < len; c++) {
        int child = path[c];
        int *cand, ncand, own = 0;
        if (g->bestlist[child]) {
            cand = g->bestlist[child];
            ncand = g->nbestlist[child];
        } else {
            int nl = leaves(g, child, g->leafbuf);
            ncand = 0;
            for (int i = 0; i < nl; i++) {
                int x = g->leafbuf[i];
                ncand += g->adj_start[x + 1] - g->adj_start[x];
            }
            cand = malloc(sizeof(int) * (ncand ? ncand : 1));
            if (!cand) { g->failed = 1; free(touched); return; }
            own = 1;
            ncand = 0;
            for (int i = 0; i < nl; i++) {
                int x = g->leafbuf[i];
                for (int q = g->adj_start[x]; q < g->adj_start[x + 1]; q++) cand[ncand++] = g->adj[q] >> 1;
            }
        }
        for (int q = 0; q < ncand; q++) {
            int e = cand[q];
            int i = g->endpoint[2 * e], j = g->endpoint[2 * e + 1];
            if (g->inblossom[j] == b) { int t = i; i = j; j = t; }
            (void)i;
            int bj = g->inblossom[j];
            if (bj != b && g->label[bj] == 1) {
                u64 *stored = g->bestto_slack + (size_t)bj * L;
                if (bestto[bj] == -1) {
                    bestto[bj] = e;
                    touched[ntouched++] = bj;
                    slack(g, e, stored);
                } else {
                    slack(g, e, g->t1);
                    if (num_cmp(L, g->t1, stored) < 0) { bestto[bj] = e; memcpy(stored, g->t1, sizeof(u64) * L); }
                }
            }
        }
        if (own) free(cand);
        free(g->bestlist[child]);
        g->bestlist[child] = NULL;
        g->nbestlist[child] = 0;
        g->bestedge[child] = -1;
    }
    int *list = malloc(sizeof(int) * (ntouched ? ntouched : 1));
    if (!list) { g->failed = 1; free(touched); return; }
    int best = -1;
    const u64 *best_value = NULL;
    for (int i = 0; i < ntouched; i++) {
        int e = bestto[touched[i]];
        const u64 *value = g->bestto_slack + (size_t)touched[i] * L;
        list[i] = e;
        bestto[touched[i]] = -1;
        if (best == -1 || num_cmp(L, value, best_value) < 0) { best = e; best_value = value; }
    }
    free(touched);
    g->bestlist[b] = list;
    g->nbestlist[b] = ntouched;
    g->bestedge[b] = best;
    g->stamp[b] = -1;
}

static void expand_blossom(G *g, int b, int endstage) {
    int n = g->n;
    int len = g->nchilds[b];
    int *kids = g->childs[b], *ends = g->ends[b];
    for (int i = 0; i < len; i++) {
        int s = kids[i];
        g->bparent[s] = -1;
        if (s < n) {
            g->inblossom[s] = s;
        } else if (endstage && num_zero(g->L, DUAL(g, s))) {
            expand_blossom(g, s, endstage);
        } else {
            int count = leaves(g, s, g->leafbuf);
            for (int q = 0; q < count; q++) g->inblossom[g->leafbuf[q]] = s;
        }
    }
    if (!endstage && g->label[b] == 2) {
        /* relabel the children on the even path from the entry child to the base */
        int entry = g->inblossom[g->endpoint[g->labelend[b] ^ 1]];
        int j = 0;
        while (kids[j] != entry) j++;
        int step, trick;
        if (j & 1) { j -= len; step = 1; trick = 0; }
        else { step = -1; trick = 1; }
        int p = g->labelend[b];
        while (j != 0) {
            g->label[g->endpoint[p ^ 1]] = 0;
            g->label[g->endpoint[ends[wrap(j - trick, len)] ^ trick ^ 1]] = 0;
            assign_label(g, g->endpoint[p ^ 1], 2, p);
            g->allowed[ends[wrap(j - trick, len)] >> 1] = 1;
            j += step;
            p = ends[wrap(j - trick, len)] ^ trick;
            g->allowed[p >> 1] = 1;
            j += step;
        }
        int bv = kids[wrap(j, len)];
        g->label[g->endpoint[p ^ 1]] = g->label[bv] = 2;
        g->labelend[g->endpoint[p ^ 1]] = g->labelend[bv] = p;
        g->bestedge[bv] = -1;
        g->tree[bv] = g->tree[b];
        j += step;
        while (kids[wrap(j, len)] != entry) {
            bv = kids[wrap(j, len)];
            if (g->label[bv] == 1) { j += step; continue; }
            int count = leaves(g, bv, g->leafbuf), reached = -1;
            for (int q = 0; q < count; q++)
                if (g->label[g->leafbuf[q]] != 0) { reached = g->leafbuf[q]; break; }
            if (reached != -1) {
                g->label[reached] = 0;
                g->label[g->endpoint[g->mate[g->bbase[bv]]]] = 0;
                assign_label(g, reached, 2, g->labelend[reached]);
            }
            j += step;
        }
    }
    g->label[b] = g->labelend[b] = -1;
    free(g->childs[b]);
    free(g->ends[b]);
    g->childs[b] = g->ends[b] = NULL;
    g->nchilds[b] = 0;
    g->bbase[b] = -1;
    free(g->bestlist[b]);
    g->bestlist[b] = NULL;
    g->nbestlist[b] = 0;
    g->bestedge[b] = -1;
    g->unused[g->nunused++] = b;
}

/* Rotate the matching inside b so that vertex v becomes its base. */
static void augment_blossom(G *g, int b, int v) {
    int n = g->n;
    int t = v;
    while (g->bparent[t] != b) t = g->bparent[t];
    if (t >= n) augment_blossom(g, t, v);
    int len = g->nchilds[b];
    int *kids = g->childs[b], *ends = g->ends[b];
    int i = 0;
    while (kids[i] != t) i++;
    int j = i, step, trick;
    if (i & 1) { j -= len; step = 1; trick = 0; }
    else { step = -1; trick = 1; }
    while (j != 0) {
        j += step;
        t = kids[wrap(j, len)];
        int p = ends[wrap(j - trick, len)] ^ trick;
        if (t >= n) augment_blossom(g, t, g->endpoint[p]);
        j += step;
        t = kids[wrap(j, len)];
        if (t >= n) augment_blossom(g, t, g->endpoint[p ^ 1]);
        g->mate[g->endpoint[p]] = p ^ 1;
        g->mate[g->endpoint[p ^ 1]] = p;
    }
    if (i) {  /* rotate the cycle so that child i comes first */
        int *tmp = malloc(sizeof(int) * len);
        if (!tmp) { g->failed = 1; return; }
        memcpy(tmp, kids + i, sizeof(int) * (len - i));
        memcpy(tmp + len - i, kids, sizeof(int) * i);
        memcpy(kids, tmp, sizeof(int) * len);
        memcpy(tmp, ends + i, sizeof(int) * (len - i));
        memcpy(tmp + len - i, ends, sizeof(int) * i);
        memcpy(ends, tmp, sizeof(int) * len);
        free(tmp);
    }
    g->bbase[b] = g->bbase[kids[0]];
}

/* Match s through endpoint p (-1: leave it free) and flip the alternating path
 * from it up to the root of its tree (or to the free blossom it is in). */
static void flip_to_root(G *g, int s, int p) {
    int n = g->n;
    for (;;) {
        int bs = g->inblossom[s];
        if (bs >= n) augment_blossom(g, bs, s);
        g->mate[s] = p;
        if (g->label[bs] != 1 || g->labelend[bs] == -1) return;
        int t = g->endpoint[g->labelend[bs]];
        int bt = g->inblossom[t];
        s = g->endpoint[g->labelend[bt]];
        int j = g->endpoint[g->labelend[bt] ^ 1];
        if (bt >= n) augment_blossom(g, bt, j);
        g->mate[j] = g->labelend[bt];
        p = g->labelend[bt] ^ 1;
    }
}

static void set_best(G *g, int x, int k) {
    g->bestedge[x] = k;
    g->stamp[x] = -1;
}

static void clear(G *g, int b) {
    g->label[b] = 0;
    g->labelend[b] = -1;
    set_best(g, b, -1);
    g->tree[b] = -1;
    if (b >= g->n) {
        free(g->bestlist[b]);
        g->bestlist[b] = NULL;
        g->nbestlist[b] = 0;
        for (int i = 0; i < g->nchilds[b]; i++) clear(g, g->childs[b][i]);
    }
}

/* the least-slack edge from unlabelled vertex x to an S vertex, or -1 */
static int best_to_s(G *g, int x) {
    int best = -1;
    u64 *cached = g->bestslack + (size_t)x * g->L;
    for (int q = g->adj_start[x]; q < g->adj_start[x + 1]; q++) {
        int p = g->adj[q];
        if (g->label[g->inblossom[g->endpoint[p]]] != 1) continue;
        if (best == -1 || slack_below(g, q, x, cached)) {
            best = p >> 1;
            slack(g, best, cached);
        }
    }
    g->bestedge[x] = best;
    g->stamp[x] = best == -1 ? -1 : g->epoch;
    return best;
}

/* the least-slack edge from top-level S blossom b to another S blossom, or -1 */
static int best_from_s(G *g, int b) {
    int best = -1, L = g->L;
    u64 *cached = g->bestslack + (size_t)b * L;
    int nl = leaves(g, b, g->leafbuf);
    int use_list = b >= g->n && g->bestlist[b];
    int count = use_list ? g->nbestlist[b] : nl;
    for (int c = 0; c < count; c++) {
        int from = use_list ? 0 : g->adj_start[g->leafbuf[c]];
        int to = use_list ? 1 : g->adj_start[g->leafbuf[c] + 1];
        for (int q = from; q < to; q++) {
            int e = use_list ? g->bestlist[b][c] : g->adj[q] >> 1;
            int i = g->endpoint[2 * e], j = g->endpoint[2 * e + 1];
            int bi = g->inblossom[i], bj = g->inblossom[j];
            if (bj == b) { int t = bi; bi = bj; bj = t; }
            if (bi != b || bj == b || g->label[bj] != 1) continue;
            if (best == -1) {
                best = e;
                slack(g, e, cached);
            } else {
                slack(g, e, g->t1);
                if (num_cmp(L, g->t1, cached) < 0) { best = e; memcpy(cached, g->t1, sizeof(u64) * L); }
            }
        }
    }
    g->bestedge[b] = best;
    g->stamp[b] = best == -1 ? -1 : g->epoch;
    return best;
}

static inline int other_end(G *g, int k, int v) {
    return g->endpoint[2 * k] ^ g->endpoint[2 * k + 1] ^ v;
}

/* Unlabel the trees rooted at r1 and r2 (-1: none) after their roots were matched
 * or reached a zero dual. */
static void dissolve(G *g, int r1, int r2) {
    int n = g->n, L = g->L;
    int *members = g->members, nmembers = 0;
    for (int v = 0; v < n; v++) {
        int b = g->inblossom[v], t = g->label[b];
        if ((t == 1 || t == 2) && (g->tree[b] == r1 || g->tree[b] == r2)) members[nmembers++] = v;
    }
    int *tops = g->tops, ntops = 0;
    for (int i = 0; i < nmembers; i++) {
        int b = g->inblossom[members[i]];
        if (g->label[b] == 1 || g->label[b] == 2) {
            tops[ntops++] = b;
            g->label[b] |= 8;  /* seen */
        }
    }
    for (int i = 0; i < ntops; i++) {
        int b = tops[i];
        int was_s = (g->label[b] & 7) == 1;
        clear(g, b);
        if (was_s && b >= n && num_zero(L, DUAL(g, b))) expand_blossom(g, b, 1);
    }
    for (int i = 0; i < nmembers; i++) {
        int x = members[i];
        for (int q = g->adj_start[x]; q < g->adj_start[x + 1]; q++) {
            int p = g->adj[q], w = g->endpoint[p];
            g->allowed[p >> 1] = 0;
            /* a vertex of another tree's T blossom that x reached (label[w] = 2 below
             * the top level, labelend[w] at x): forget it, or expanding that blossom
             * would hang w on x, which is no longer in a tree */
            if (g->inblossom[w] != w && g->label[w] == 2 && g->labelend[w] == (p ^ 1)) {
                g->label[w] = 0;
                g->labelend[w] = -1;
            }
        }
    }
    /* an S vertex with a tight edge to a member scans it again; the members' least-
     * slack edges are only needed at the next dual change */
    for (int i = 0; i < nmembers; i++) {
        int x = members[i];
        set_best(g, x, -1);
        g->stale[x] = 1;
        for (int q = g->adj_start[x]; q < g->adj_start[x + 1]; q++) {
            int w = g->endpoint[g->adj[q]];
            if (g->label[g->inblossom[w]] == 1 && tight_entry(g, q, x)) { push(g, w); break; }
        }
    }
    if (r1 != -1 && g->live[r1]) { g->live[r1] = 0; g->nlive--; }
    if (r2 != -1 && g->live[r2]) { g->live[r2] = 0; g->nlive--; }
}

/* After the optimum, the slacks of edges under the final duals: y(u) + y(v) +
 * the z of the blossoms holding both - w.  zsum[b] is twice the duals of
 * blossom b and of the blossoms holding it, so that one addition stands for
 * every blossom holding an edge (in nested blossoms there can be many).
 * nonzero[b]: b if its dual is positive, else the nearest blossom holding it
 * whose dual is, -1 if none (blossoms of zero dual, often nested deep, add
 * nothing to a slack, so only those of a positive dual are looked at). */
static u64 *blossom_sums(G *g, int *nonzero) {
    int n = g->n, L = g->L;
    u64 *zsum = malloc(sizeof(u64) * ((size_t)2 * n * L + 1));
    char *done = calloc((size_t)2 * n + 1, 1);
    int *path = malloc(sizeof(int) * (2 * n + 1));
    if (!zsum || !done || !path) { free(zsum); free(done); free(path); return NULL; }
    for (int b = n; b < 2 * n; b++) {
        int len = 0;
        for (int c = b; c != -1 && !done[c]; c = g->bparent[c]) path[len++] = c;
        while (len > 0) {  /* from the outermost blossom not done yet inwards */
            int c = path[--len], parent = g->bparent[c];
            u64 *z = zsum + (size_t)c * L;
            if (parent == -1) memset(z, 0, sizeof(u64) * L);
            else memcpy(z, zsum + (size_t)parent * L, sizeof(u64) * L);
            int positive = g->bbase[c] >= 0 && !num_zero(L, DUAL(g, c));
            if (positive) {
                num_add(L, z, z, DUAL(g, c));
                num_add(L, z, z, DUAL(g, c));
            }
            nonzero[c] = positive ? c : parent == -1 ? -1 : nonzero[parent];
            done[c] = 1;
        }
    }
    free(done);
    free(path);
    return zsum;
}

/* the innermost blossom of a positive dual holding vertex v, then the next one
 * out from blossom b, -1 when there is none */
static inline int first_positive(const G *g, const int *nonzero, int v) {
    return g->bparent[v] == -1 ? -1 : nonzero[g->bparent[v]];
}
static inline int next_positive(const G *g, const int *nonzero, int b) {
    return g->bparent[b] == -1 ? -1 : nonzero[g->bparent[b]];
}

/* The sign of the slack of edge (u, v) of weight w (L limbs): compared from the
 * top limb down, since the lower limbs add less than three units of the current
 * one, most edges are decided early.  mark: scratch of 2n ints, stamp: a value
 * not in it yet. */
static int slack_sign(G *g, const u64 *zsum, const int *nonzero, int *mark, int stamp, int u, int v,
                      const u64 *w) {
    int L = g->L, lowest = -1;
    for (int b = first_positive(g, nonzero, u); b != -1; b = next_positive(g, nonzero, b)) mark[b] = stamp;
    for (int b = first_positive(g, nonzero, v); b != -1; b = next_positive(g, nonzero, b))
        if (mark[b] == stamp) { lowest = b; break; }
    const u64 *a = DUAL(g, u), *c = DUAL(g, v), *z = lowest == -1 ? NULL : zsum + (size_t)lowest * L;
    __int128 d = 0;
    for (int i = L - 1; i >= 0; i--) {
        u64 twice = (w[i] << 1) | (i > 0 ? w[i - 1] >> 63 : 0);
        d = d * ((__int128)1 << 64) + (__int128)a[i] + c[i] + (z ? z[i] : 0) - twice;
        if (d >= 2) return 1;
        if (d <= -3) return -1;
    }
    return d > 0 ? 1 : d < 0 ? -1 : 0;
}

/* tight[k] = whether edge k is tight under the final (optimal) duals.  Every
 * maximum-weight matching uses tight edges only (complementary slackness). */
static int mark_tight(G *g, const u64 *weights, char *tight) {
    int n = g->n, L = g->L;
    int *mark = malloc(sizeof(int) * 2 * n), *nonzero = malloc(sizeof(int) * 2 * n);
    u64 *zsum = nonzero ? blossom_sums(g, nonzero) : NULL;
    if (!mark || !zsum) { free(mark); free(zsum); free(nonzero); return -1; }
    for (int b = 0; b < 2 * n; b++) mark[b] = -1;
    for (int k = 0; k < g->m; k++)
        tight[k] = slack_sign(g, zsum, nonzero, mark, k, g->endpoint[2 * k], g->endpoint[2 * k + 1],
                              weights + (size_t)k * L) == 0;
    free(mark);
    free(nonzero);
    free(zsum);
    return 0;
}

/* The edges of a whole graph, whose weights are read or computed one at a time
 * (L limbs each): the sparse start below materialises only a subgraph's. */
typedef struct Source Source;
struct Source {
    int m, L;
    const int *ends;                                     /* 2m */
    void (*weight)(const Source *src, int k, u64 *out);  /* out = w(k), L limbs */
    int (*keep)(const Source *src, int k);               /* edges the sparse start keeps (may be NULL) */
    const u64 *weights;                                  /* stored weights (stored_weight) */
    const void *ctx;                                     /* computed ones (see the weighted graphs) */
};

static void stored_weight(const Source *src, int k, u64 *out) {
    memcpy(out, src->weights + (size_t)k * src->L, sizeof(u64) * src->L);
}

/* After the optimum: status[x] for each of the xm edges xidx[x] of the whole
 * graph that this solve left out: 2 when its slack under the final duals is
 * negative, 1 when it is tight, 0 otherwise.  When no edge gets 2 the duals are
 * feasible for the whole graph, and the matching, which meets the other
 * optimality conditions (matched edges tight, free vertices of zero dual,
 * blossoms with a positive dual full) on its own edges, is optimal for it too. */
static int price(G *g, int xm, const int *xidx, const Source *src, char *status) {
    int n = g->n, L = g->L;
    int *mark = malloc(sizeof(int) * 2 * n), *nonzero = malloc(sizeof(int) * 2 * n);
    u64 *zsum = nonzero ? blossom_sums(g, nonzero) : NULL, *w = malloc(sizeof(u64) * L);
    if (!mark || !zsum || !w) { free(mark); free(zsum); free(w); free(nonzero); return -1; }
    for (int b = 0; b < 2 * n; b++) mark[b] = -1;
    for (int x = 0; x < xm; x++) {
        int k = xidx[x];
        src->weight(src, k, w);
        int sign = slack_sign(g, zsum, nonzero, mark, x, src->ends[2 * k], src->ends[2 * k + 1], w);
        status[x] = sign < 0 ? 2 : sign == 0 ? 1 : 0;
    }
    free(mark);
    free(nonzero);
    free(zsum);
    free(w);
    return 0;
}

/* Before any tree grows: augmenting paths of tight edges from each free vertex of
 * a positive dual to another free vertex, found by a breadth-first search that
 * ignores odd cycles (there are no blossoms yet).  Each path applied keeps every
 * matched edge tight and matches its two ends, so the phase has that many fewer
 * trees to grow; on the dense pairing graphs, whose tight edges are many, the
 * trees would otherwise sweep them into blossoms by the thousand.  What this
 * misses, the trees find. */
static void quick_augment(G *g) {
    int n = g->n;
    int *seen = malloc(sizeof(int) * n), *reach = malloc(sizeof(int) * n), *queue = malloc(sizeof(int) * n);
    if (!seen || !reach || !queue) { free(seen); free(reach); free(queue); return; }
    for (int v = 0; v < n; v++) seen[v] = -1;
    for (int r = 0; r < n; r++) {
        if (g->mate[r] != -1 || num_zero(g->L, DUAL(g, r))) continue;
        int head = 0, tail = 0, found = -1;
        queue[tail++] = r;
        seen[r] = r;
        while (head < tail && found == -1) {
            int v = queue[head++];
            for (int q = g->adj_start[v]; q < g->adj_start[v + 1]; q++) {
                int p = g->adj[q], w = g->endpoint[p];
                if (seen[w] == r || !tight_entry(g, q, v)) continue;
                seen[w] = r;
                reach[w] = p;  /* the far end of the edge w was reached by */
                if (g->mate[w] == -1) { found = w; break; }
                int x = g->endpoint[g->mate[w]];
                if (seen[x] == r) continue;
                seen[x] = r;
                queue[tail++] = x;
            }
        }
        /* flip the path: w takes the vertex it was reached from, whose partner in turn
         * takes the vertex it was reached from, back to r */
        for (int w = found; w != -1;) {
            int p = reach[w], v = g->endpoint[p ^ 1], old = g->mate[v];
            g->mate[v] = p;
            g->mate[w] = p ^ 1;
            w = v == r ? -1 : g->endpoint[old];
        }
    }
    free(seen);
    free(reach);
    free(queue);
}

/* One solve of the graph (edges, weights); mate_out, tight_out as below; then,
 * when xm > 0, the edges xidx of the whole graph src priced into xstatus (see
 * price).  warm: start from duals_io (and the pairs of mate_in still tight);
 * duals_io, when given, receives the final duals, those of the blossoms folded
 * into their vertices. */
static int solve(int n, int m, const int *edges, const u64 *weights, int L, int *mate_out, char *tight_out,
                 int xm, const int *xidx, const Source *src, char *xstatus,
                 u64 *duals_io, int warm, const int *mate_in) {
    G G0, *g = &G0;
    memset(g, 0, sizeof(G0));
    g->n = n; g->m = m; g->L = L;
    g->endpoint = edges;
    int ok = 1;
#define ALLOC(ptr, count) do { (ptr) = calloc((size_t)(count) + 1, sizeof(*(ptr))); if (!(ptr)) ok = 0; } while (0)
    ALLOC(g->adj_start, n + 1); ALLOC(g->adj, 2 * m); ALLOC(g->adj_lo, 2 * m); ALLOC(g->adj_hi, 4 * m); ALLOC(g->w2, (size_t)m * L);
    ALLOC(g->dual, (size_t)2 * n * L); ALLOC(g->mate, n); ALLOC(g->label, 2 * n);
    ALLOC(g->labelend, 2 * n); ALLOC(g->inblossom, n); ALLOC(g->bparent, 2 * n);
    ALLOC(g->bbase, 2 * n); ALLOC(g->bestedge, 2 * n); ALLOC(g->childs, 2 * n);
    ALLOC(g->ends, 2 * n); ALLOC(g->nchilds, 2 * n); ALLOC(g->bestlist, 2 * n);
    ALLOC(g->nbestlist, 2 * n); ALLOC(g->unused, n); ALLOC(g->allowed, m);
    ALLOC(g->leafbuf, n); ALLOC(g->pathbuf, 2 * n); ALLOC(g->bestto, 2 * n);
    ALLOC(g->members, n); ALLOC(g->tops, 2 * n); ALLOC(g->tree, 2 * n); ALLOC(g->live, n);
    ALLOC(g->stale, n); ALLOC(g->bestto_slack, (size_t)2 * n * L);
    ALLOC(g->bestslack, (size_t)2 * n * L); ALLOC(g->stamp, 2 * n);
    ALLOC(g->t1, L); ALLOC(g->t2, L); ALLOC(g->t3, L);
    g->qcap = 2 * n + 16;
    ALLOC(g->queue, g->qcap);
    int ret = -1;
    if (!ok) goto done;
    for (int b = 0; b < 2 * n; b++) {
        g->bestto[b] = -1; g->stamp[b] = -1; g->bparent[b] = -1; g->bestedge[b] = -1;
        g->labelend[b] = -1; g->tree[b] = -1;
        g->bbase[b] = b < n ? b : -1;
    }

    for (int k = 0; k < m; k++) {
        g->adj_start[edges[2 * k] + 1]++;
        g->adj_start[edges[2 * k + 1] + 1]++;
    }
    for (int v = 0; v < n; v++) g->adj_start[v + 1] += g->adj_start[v];
    {
        int *fill = malloc(sizeof(int) * (n + 1));
        if (!fill) goto done;
        memcpy(fill, g->adj_start, sizeof(int) * (n + 1));
        for (int k = 0; k < m; k++) {
            g->adj[fill[edges[2 * k]]++] = 2 * k + 1;
            g->adj[fill[edges[2 * k + 1]]++] = 2 * k;
        }
        free(fill);
    }
    for (int k = 0; k < m; k++) {
        const u64 *w = weights + (size_t)k * L;
        num_add(L, g->w2 + (size_t)k * L, w, w);
    }
    for (int q = 0; q < 2 * m; q++) {
        const u64 *w = g->w2 + (size_t)(g->adj[q] >> 1) * L;
        g->adj_lo[q] = w[0];
        g->adj_hi[2 * q] = w[L - 1];
        g->adj_hi[2 * q + 1] = L >= 2 ? w[L - 2] : 0;
    }
    g->nunused = n;
    for (int i = 0; i < n; i++) g->unused[i] = 2 * n - 1 - i;

    if (warm) {
        /* a warm start: the given duals, raised where an edge would have a negative
         * slack (the first end of the edge is raised), and the given pairs that are
         * still tight edges; the free vertices then go through the greedy pass */
        for (int v = 0; v < n; v++) {
            g->mate[v] = -1;
            g->inblossom[v] = v;
            memcpy(DUAL(g, v), duals_io + (size_t)v * L, sizeof(u64) * L);
        }
        for (int k = 0; k < m; k++)
            if (slack(g, k, g->t1) == 0 && signed_negative(L, g->t1)) num_sub(L, DUAL(g, edges[2 * k]), DUAL(g, edges[2 * k]), g->t1);
        if (mate_in) {
            for (int v = 0; v < n; v++) {
                int w = mate_in[v];
                if (w <= v || w >= n || mate_in[w] != v) continue;
                for (int q = g->adj_start[v]; q < g->adj_start[v + 1]; q++) {
                    int p = g->adj[q];
                    if (g->endpoint[p] == w) {
                        if (slack(g, p >> 1, g->t1)) { g->mate[v] = p; g->mate[w] = p ^ 1; }
                        break;
                    }
                }
            }
        }
    } else {
        /* duals: each vertex at its heaviest edge (2y = w), made even */
        for (int v = 0; v < n; v++) {
            g->mate[v] = -1;
            g->inblossom[v] = v;
            u64 *d = DUAL(g, v);
            for (int q = g->adj_start[v]; q < g->adj_start[v + 1]; q++) {
                const u64 *w = weights + (size_t)(g->adj[q] >> 1) * L;
                if (num_cmp(L, w, d) > 0) memcpy(d, w, sizeof(u64) * L);
            }
            if (d[0] & 1) { memset(g->t1, 0, sizeof(u64) * L); g->t1[0] = 1; num_add(L, d, d, g->t1); }
        }
    }
    /* greedy: lower each unmatched vertex's dual until an edge is tight, matching
     * along it when its other end is free */
    u64 *best = g->t2, *need = g->t3;
    for (int v = 0; v < n; v++) {
        if (g->mate[v] != -1) continue;
        int best_free = -1;
        memset(best, 0, sizeof(u64) * L);
        for (int q = g->adj_start[v]; q < g->adj_start[v + 1]; q++) {
            int p = g->adj[q], x = g->endpoint[p];
            const u64 *w2 = g->w2 + (size_t)(p >> 1) * L;
            if (num_cmp(L, w2, DUAL(g, x)) < 0) continue;
            num_sub(L, need, w2, DUAL(g, x));
            int c = num_cmp(L, need, best);
            if (c > 0) {
                memcpy(best, need, sizeof(u64) * L);
                best_free = g->mate[x] == -1 ? p : -1;
            } else if (c == 0 && best_free == -1 && g->mate[x] == -1) {
                best_free = p;
            }
        }
        memcpy(DUAL(g, v), best, sizeof(u64) * L);
        if (best_free != -1) {
            g->mate[v] = best_free;
            g->mate[g->endpoint[best_free]] = best_free ^ 1;
        }
    }
    quick_augment(g);
    /* the trees' roots share one parity (even), so that the slack of an edge between
     * two S vertices is even (a cold start has every dual even already) */
    for (int v = 0; v < n; v++) {
        u64 *d = DUAL(g, v);
        if (g->mate[v] == -1 && (d[0] & 1)) { memset(g->t1, 0, sizeof(u64) * L); g->t1[0] = 1; num_add(L, d, d, g->t1); }
    }

    /* the phase: trees grow from every deficient vertex at once */
    u64 *delta = g->t3;
    for (int v = 0; v < n; v++) {
        if (g->mate[v] == -1 && !num_zero(L, DUAL(g, v))) {
            assign_label(g, v, 1, -1);
            g->live[v] = 1;
            g->nlive++;
        }
    }
    g->epoch++;
    while (g->nlive > 0) {
        while (g->qlen) {
            int v = g->queue[--g->qlen];
            if (g->label[g->inblossom[v]] != 1) continue;
            for (int q = g->adj_start[v]; q < g->adj_start[v + 1]; q++) {
                int p = g->adj[q], k = p >> 1, w = g->endpoint[p];
                int bv = g->inblossom[v], bw = g->inblossom[w];
                if (bv == bw) continue;
                int tight = g->allowed[k];
                if (!tight && tight_entry(g, q, v)) tight = g->allowed[k] = 1;
                if (tight) {
                    if (g->label[bw] == 0) {
                        if (g->mate[g->bbase[bw]] == -1) {  /* a free vertex of zero dual */
                            int root = g->tree[bv];
                            flip_to_root(g, w, p ^ 1);
                            flip_to_root(g, v, p);
                            dissolve(g, root, -1);
                            break;
                        }
                        assign_label(g, w, 2, p ^ 1);
                    } else if (g->label[bw] == 1) {
                        int found = scan_blossom(g, v, w);
                        if (found >= 0) {
                            add_blossom(g, found, k);
                        } else {
                            int r1 = g->tree[bv], r2 = g->tree[bw];
                            flip_to_root(g, v, p);
                            flip_to_root(g, w, p ^ 1);
                            dissolve(g, r1, r2);
                            break;
                        }
                    } else if (g->label[w] == 0) {
                        g->label[w] = 2;
                        g->labelend[w] = p ^ 1;
                    }
                } else if (g->label[bw] == 1) {
                    offer(g, bv, q, v);
                } else if (g->label[w] == 0) {
                    offer(g, w, q, v);
                }
                if (g->failed) goto done;
            }
            if (g->failed) goto done;
        }
        if (g->nlive == 0) break;
        /* the dual change: the least of the four kinds of event */
        int kind = 1, at = -1;
        for (int v = 0; v < n; v++) {
            if (g->label[g->inblossom[v]] == 1 && (at == -1 || num_cmp(L, DUAL(g, v), delta) < 0)) {
                memcpy(delta, DUAL(g, v), sizeof(u64) * L);
                at = v;
            }
        }
        for (int v = 0; v < n; v++) {
            if (g->stale[v] && g->label[g->inblossom[v]] == 0) {  /* stays stale while labelled */
                g->stale[v] = 0;
                best_to_s(g, v);
            }
            int k = g->bestedge[v];
            if (k == -1 || g->label[g->inblossom[v]] != 0) continue;
            if (g->label[g->inblossom[other_end(g, k, v)]] != 1 && (k = best_to_s(g, v)) == -1) continue;
            const u64 *d = best_slack(g, v);
            if (num_cmp(L, d, delta) < 0) {
                memcpy(delta, d, sizeof(u64) * L);
                kind = 2; at = k;
            }
        }
        for (int b = 0; b < 2 * n; b++) {
            int k = g->bestedge[b];
            if (k == -1 || g->bparent[b] != -1 || g->label[b] != 1) continue;
            int bi = g->inblossom[g->endpoint[2 * k]], bj = g->inblossom[g->endpoint[2 * k + 1]];
            if (!((bi == b) != (bj == b) && g->label[bi] == 1 && g->label[bj] == 1) &&
                (k = best_from_s(g, b)) == -1) continue;
            memcpy(g->t1, best_slack(g, b), sizeof(u64) * L);
            num_half(L, g->t1);
            if (num_cmp(L, g->t1, delta) < 0) {
                memcpy(delta, g->t1, sizeof(u64) * L);
                kind = 3; at = k;
            }
        }
        for (int b = n; b < 2 * n; b++) {
            if (g->bbase[b] >= 0 && g->bparent[b] == -1 && g->label[b] == 2 &&
                num_cmp(L, DUAL(g, b), delta) < 0) {
                memcpy(delta, DUAL(g, b), sizeof(u64) * L);
                kind = 4; at = b;
            }
        }
        g->epoch++;
        for (int v = 0; v < n; v++) {
            int t = g->label[g->inblossom[v]];
            if (t == 1) num_sub(L, DUAL(g, v), DUAL(g, v), delta);
            else if (t == 2) num_add(L, DUAL(g, v), DUAL(g, v), delta);
        }
        for (int b = n; b < 2 * n; b++) {
            if (g->bbase[b] >= 0 && g->bparent[b] == -1) {
                if (g->label[b] == 1) num_add(L, DUAL(g, b), DUAL(g, b), delta);
                else if (g->label[b] == 2) num_sub(L, DUAL(g, b), DUAL(g, b), delta);
            }
        }
        if (kind == 1) {
            int root = g->tree[g->inblossom[at]];
            flip_to_root(g, at, -1);
            dissolve(g, root, -1);
        } else if (kind == 2) {
            g->allowed[at] = 1;
            int i = g->endpoint[2 * at];
            if (g->label[g->inblossom[i]] != 1) i = g->endpoint[2 * at + 1];
            push(g, i);
        } else if (kind == 3) {
            g->allowed[at] = 1;
            push(g, g->endpoint[2 * at]);
        } else {
            expand_blossom(g, at, 0);
        }
        if (g->failed) goto done;
    }
    for (int v = 0; v < n; v++) mate_out[v] = g->mate[v] == -1 ? -1 : g->endpoint[g->mate[v]];
    if (tight_out && mark_tight(g, weights, tight_out) != 0) goto done;
    if (xm && price(g, xm, xidx, src, xstatus) != 0) goto done;
    if (duals_io) {
        /* the duals for a warm start: each vertex's, plus those of the blossoms holding
         * it (every slack stays >= 0; only edges leaving a blossom of positive dual
         * gain slack, its base's matched edge among them) */
        for (int v = 0; v < n; v++) {
            u64 *out = duals_io + (size_t)v * L;
            memcpy(out, DUAL(g, v), sizeof(u64) * L);
            for (int b = g->bparent[v]; b != -1; b = g->bparent[b]) num_add(L, out, out, DUAL(g, b));
        }
    }
    ret = 0;
done:
    if (g->childs)
        for (int b = 0; b < 2 * n; b++) { free(g->childs[b]); free(g->ends[b]); }
    if (g->bestlist)
        for (int b = 0; b < 2 * n; b++) free(g->bestlist[b]);
    free(g->adj_start); free(g->adj); free(g->adj_lo); free(g->adj_hi); free(g->w2); free(g->dual); free(g->mate); free(g->label);
    free(g->labelend); free(g->inblossom); free(g->bparent); free(g->bbase); free(g->bestedge);
    free(g->childs); free(g->ends); free(g->nchilds); free(g->bestlist); free(g->nbestlist);
    free(g->unused); free(g->allowed); free(g->leafbuf); free(g->pathbuf); free(g->bestto);
    free(g->members); free(g->tops); free(g->tree); free(g->live); free(g->stale); free(g->bestto_slack);
    free(g->bestslack); free(g->stamp);
    free(g->t1); free(g->t2); free(g->t3); free(g->queue);
    return ret;
}

/* a fixed hash, to spread a vertex's sample over its edges */
static inline uint64_t mix(uint64_t h) {
    h ^= h >> 31;
    h *= 0x94D049BB133111EBull;
    h ^= h >> 29;
    return h;
}

/* The maximum-weight matching of the graph src: mate_out[v], the partner of v
 * or -1; tight_out (may be NULL): whether each edge is tight under the final
 * (optimal) duals.  warm, duals_io, mate_in: as for solve().  Returns 0, or -1
 * when memory ran out.
 *
 * With seed > 0 on a dense graph, the solve starts on a sparse subgraph: each
 * vertex's `seed` heaviest edges, about `seed` more spread over the rest of its
 * edges, and the pairs of mate_in.  The edges left out are priced under the
 * optimal duals of that subgraph (see price); those with a negative slack join
 * it (at most `seed` more per vertex at a time) and it is solved again from the
 * duals and matching it ended with, until none is left: the duals are then
 * feasible for the whole graph, so the matching is a maximum-weight matching of
 * it (linear programming duality), found with a fraction of the edges scanned.
 * Only the subgraph's weights are ever held. */
static int solve_source(int n, const Source *src, int *mate_out, char *tight_out, int seed,
                        u64 *duals_io, int warm, const int *mate_in) {
    int m = src->m, L = src->L;
    if (seed <= 0 || (long)4 * seed * n >= m) {
        u64 *weights = malloc(sizeof(u64) * ((size_t)m * L + 1));
        if (!weights) return -1;
        for (int k = 0; k < m; k++) src->weight(src, k, weights + (size_t)k * L);
        int r = solve(n, m, src->ends, weights, L, mate_out, tight_out, 0, NULL, NULL, NULL, duals_io, warm, mate_in);
        free(weights);
        return r;
    }
    int ret = -1;
    char *kept = calloc((size_t)m + 1, 1), *status = NULL, *sub_tight = NULL;
    int *degree = calloc((size_t)n + 1, sizeof(int)), *count = calloc((size_t)n + 1, sizeof(int));
    int *top = malloc(sizeof(int) * ((size_t)n * seed + 1)), *ntop = calloc((size_t)n + 1, sizeof(int));
    u64 *top_w = malloc(sizeof(u64) * ((size_t)n * seed * L + 1)), *w = malloc(sizeof(u64) * (L + 1));
    int *sub_edges = NULL, *sub_idx = NULL, *xidx = NULL;
    u64 *sub_w = NULL;
    /* each solve of the subgraph but the first starts from the one before (its duals,
     * raised where an added edge needs it, and its matching) */
    u64 *duals = duals_io ? duals_io : malloc(sizeof(u64) * ((size_t)n * L + 1));
    if (!kept || !degree || !count || !top || !ntop || !top_w || !w || !duals) goto out;
    for (int k = 0; k < m; k++) { degree[src->ends[2 * k]]++; degree[src->ends[2 * k + 1]]++; }
    for (int k = 0; k < m; k++) {
        int ends[2] = {src->ends[2 * k], src->ends[2 * k + 1]};
        if ((mate_in && mate_in[ends[0]] == ends[1]) || (src->keep && src->keep(src, k))) kept[k] = 1;
        src->weight(src, k, w);
        for (int e = 0; e < 2; e++) {
            int v = ends[e];
            /* spread: about seed of the vertex's edges, by a fixed hash */
            if (mix((uint64_t)k * 0x9E3779B97F4A7C15ull + (uint64_t)v) % (uint64_t)degree[v] < (uint64_t)seed)
                kept[k] = 1;
            /* the heaviest: kept in order, heaviest first */
            int *list = top + (size_t)v * seed;
            u64 *values = top_w + (size_t)v * seed * L;
            int nb = ntop[v];
            if (nb == seed && num_cmp(L, w, values + (size_t)(nb - 1) * L) <= 0) continue;
            int i = nb < seed ? nb++ : nb - 1;
            while (i > 0 && num_cmp(L, w, values + (size_t)(i - 1) * L) > 0) {
                list[i] = list[i - 1];
                memcpy(values + (size_t)i * L, values + (size_t)(i - 1) * L, sizeof(u64) * L);
                i--;
            }
            list[i] = k;
            memcpy(values + (size_t)i * L, w, sizeof(u64) * L);
            ntop[v] = nb;
        }
    }
    for (int v = 0; v < n; v++)
        for (int i = 0; i < ntop[v]; i++) kept[top[(size_t)v * seed + i]] = 1;
    free(top_w); top_w = NULL;
    free(top); top = NULL;
    for (;;) {
        int ms = 0;
        for (int k = 0; k < m; k++) ms += kept[k];
        int xm = m - ms;
        free(sub_edges); free(sub_idx); free(xidx); free(sub_w); free(status); free(sub_tight);
        sub_edges = malloc(sizeof(int) * (2 * (size_t)ms + 1));
        sub_idx = malloc(sizeof(int) * ((size_t)ms + 1));
        xidx = malloc(sizeof(int) * ((size_t)xm + 1));
        sub_w = malloc(sizeof(u64) * ((size_t)ms * L + 1));
        status = malloc((size_t)xm + 1);
        sub_tight = malloc((size_t)ms + 1);
        if (!sub_edges || !sub_idx || !xidx || !sub_w || !status || !sub_tight) goto out;
        for (int k = 0, i = 0, x = 0; k < m; k++) {
            if (kept[k]) {
                sub_edges[2 * i] = src->ends[2 * k];
                sub_edges[2 * i + 1] = src->ends[2 * k + 1];
                src->weight(src, k, sub_w + (size_t)i * L);
                sub_idx[i++] = k;
            } else {
                xidx[x++] = k;
            }
        }
        if (solve(n, ms, sub_edges, sub_w, L, mate_out, sub_tight, xm, xidx, src, status,
                  duals, warm, mate_in) != 0)
            goto out;
        warm = 1;
        mate_in = mate_out;
        int added = 0;
        memset(count, 0, sizeof(int) * n);
        for (int x = 0; x < xm; x++) {
            if (status[x] != 2) continue;
            int k = xidx[x], u = src->ends[2 * k], v = src->ends[2 * k + 1];
            if (count[u] < seed || count[v] < seed) {
                kept[k] = 1;
                count[u]++;
                count[v]++;
                added++;
            }
        }
        if (!added) {
            if (tight_out) {
                for (int i = 0; i < ms; i++) tight_out[sub_idx[i]] = sub_tight[i];
                for (int x = 0; x < xm; x++) tight_out[xidx[x]] = status[x] == 1;
            }
            ret = 0;
            break;
        }
    }
out:
    if (duals != duals_io) free(duals);
    free(kept); free(degree); free(count); free(top); free(ntop); free(top_w); free(w);
    free(sub_edges); free(sub_idx); free(xidx); free(sub_w); free(status); free(sub_tight);
    return ret;
}

/* weights: m * L limbs (little-endian), each < 2^(64 L - 3).  mate_out[v]: the
 * partner of v or -1; tight_out (may be NULL): whether each edge is tight under
 * the final (optimal) duals; seed: see solve_source.  duals_io (may be NULL): n
 * * L limbs, the duals to start from (all zero: each vertex's dual is raised to
 * the heaviest edge it is the first end of), replaced by the final ones; mate_in
 * (may be NULL): pairs to keep where they are still tight.  Returns 0, or -1 when
 * memory ran out. */
int blossom_max_weight_matching(int n, int m, const int *edges, const u64 *weights, int L, int *mate_out,
                                char *tight_out, int seed, u64 *duals_io, const int *mate_in) {
    Source src = {m, L, edges, stored_weight, NULL, weights, NULL};
    return solve_source(n, &src, mate_out, tight_out, seed, duals_io, duals_io != NULL, mate_in);
}

/* ---- weighted graphs: the weights computed, not stored ---------------------
 *
 * The pairing graphs are dense (a bracket with everybody below it: millions of
 * edges) while their weights take few values: the criteria give each edge the
 * weight of the kinds of its two players (what the criteria read of them), and
 * the generation order adds digits by player.  A weighted graph holds its edges
 * as their two ends and the index of their weight in a table; each solve gives
 * the weight of edge (u, v), u < v, as
 *
 *     table[index] << shift  +  (tgt[u] == grp[v] ? A[u] + (B[v] << C[u]) : 0)
 *
 * (no B term where C[u] < 0), among the edges whose ends are alive, whose groups
 * are allowed to meet, and, when asked, that are still usable: tight under the
 * duals of the solve before that updated them. */
typedef struct {
    int n, m, npairs, ntable, Lb;
    int *ends;           /* 2m, u < v */
    int *index;          /* m: the weight's index in the table */
    char *usable;        /* m */
    long long *pairs;    /* npairs: the kind pairs (ku * K + kv) of table[0..npairs-1] */
    u64 *table;          /* ntable * Lb */
} WG;

typedef struct {
    const WG *g;
    const int *live;     /* the solve's edges, as edges of g */
    int shift;
    const signed char *tgt;
    const signed char *grp;
    const u64 *A;        /* n * L limbs, or NULL */
    const long long *B;
    const int *C;
} Spec;

static void computed_weight(const Source *src, int k, u64 *out) {
    const Spec *spec = src->ctx;
    const WG *g = spec->g;
    int L = src->L, Lb = g->Lb, e = spec->live[k];
    const u64 *base = g->table + (size_t)g->index[e] * Lb;
    int words = spec->shift / 64, offset = spec->shift % 64;
    memset(out, 0, sizeof(u64) * L);
    for (int i = 0; i < Lb && i + words < L; i++) {
        out[i + words] |= base[i] << offset;
        if (offset && i + words + 1 < L) out[i + words + 1] |= base[i] >> (64 - offset);
    }
    int u = g->ends[2 * e], v = g->ends[2 * e + 1];
    if (spec->tgt && spec->tgt[u] >= 0 && spec->grp[v] == spec->tgt[u]) {
        if (spec->A) num_add(L, out, out, spec->A + (size_t)u * L);
        if (spec->C[u] >= 0) {
            int at = spec->C[u] / 64, bit = spec->C[u] % 64;
            u64 b = (u64)spec->B[v];
            num_add_at(L, out, at, b << bit);
            if (bit) num_add_at(L, out, at + 1, b >> (64 - bit));
        }
    }
}

/* the edges whose digits rank partners (C[u] >= 0): a solve of a chunk of an order
 * starts with all of them, its digits being what moves its optimum from the last */
static int ranked_edge(const Source *src, int k) {
    const Spec *spec = src->ctx;
    int e = spec->live[k], u = spec->g->ends[2 * e], v = spec->g->ends[2 * e + 1];
    return spec->tgt && spec->tgt[u] >= 0 && spec->grp[v] == spec->tgt[u] && spec->C[u] >= 0;
}

static long long pair_key(int ku, int kv, int kinds) { return (long long)ku * kinds + kv; }

/* the kind pairs met, by open addressing (keys + 1; 0: empty), grown at half full */
typedef struct { size_t slots; long long *keys; int *values; } PairMap;

static int pairmap_grow(PairMap *map) {
    size_t slots = map->slots ? 2 * map->slots : 1024;
    long long *keys = calloc(slots, sizeof(long long));
    int *values = malloc(sizeof(int) * slots);
    if (!keys || !values) { free(keys); free(values); return -1; }
    for (size_t i = 0; i < map->slots; i++) {
        if (!map->keys[i]) continue;
        size_t h = (size_t)mix((uint64_t)map->keys[i]) & (slots - 1);
        while (keys[h]) h = (h + 1) & (slots - 1);
        keys[h] = map->keys[i];
        values[h] = map->values[i];
    }
    free(map->keys);
    free(map->values);
    map->keys = keys;
    map->values = values;
    map->slots = slots;
    return 0;
}

void wg_free(WG *g) {
    if (!g) return;
    free(g->ends); free(g->index); free(g->usable); free(g->pairs); free(g->table);
    free(g);
}

/* The graph of n vertices: u < v are joined when both have a kind (>= 0) and bit
 * global[v] of row u is set (rows: n rows of `words` 64-bit words, bits by the
 * players' global numbers), with the weight of the kind pair; then the nextra
 * edges extra_ends, with the weights npairs + extra_w[x] of the table.  The kind
 * pairs met are listed by wg_pairs, in the order of their table entries. */
WG *wg_new(int n, const int *global, int words, const u64 *rows, const int *kinds, int nkinds,
           int nextra, const int *extra_ends, const int *extra_w) {
    WG *g = calloc(1, sizeof(WG));
    if (!g) return NULL;
    g->n = n;
    long m = nextra;
    for (int u = 0; u < n; u++) {
        if (kinds[u] < 0) continue;
        const u64 *row = rows + (size_t)u * words;
        for (int v = u + 1; v < n; v++)
            if (kinds[v] >= 0 && (row[global[v] >> 6] >> (global[v] & 63) & 1)) m++;
    }
    if (m > 0x7fffffff / 2) { free(g); return NULL; }
    g->m = (int)m;
    g->ends = malloc(sizeof(int) * (2 * (size_t)m + 1));
    g->index = malloc(sizeof(int) * ((size_t)m + 1));
    g->usable = malloc((size_t)m + 1);
    PairMap map = {0, NULL, NULL};
    int cap = 64;
    g->pairs = malloc(sizeof(long long) * cap);
    if (!g->ends || !g->index || !g->usable || !g->pairs || pairmap_grow(&map) != 0) goto fail;
    memset(g->usable, 1, (size_t)m);
    int k = 0;
    for (int u = 0; u < n; u++) {
        if (kinds[u] < 0) continue;
        const u64 *row = rows + (size_t)u * words;
        for (int v = u + 1; v < n; v++) {
            if (kinds[v] < 0 || !(row[global[v] >> 6] >> (global[v] & 63) & 1)) continue;
            long long key = pair_key(kinds[u], kinds[v], nkinds);
            size_t h = (size_t)mix((uint64_t)(key + 1)) & (map.slots - 1);
            while (map.keys[h] && map.keys[h] != key + 1) h = (h + 1) & (map.slots - 1);
            if (!map.keys[h]) {
                if (g->npairs == cap) {
                    long long *more = realloc(g->pairs, sizeof(long long) * cap * 2);
                    if (!more) goto fail;
                    g->pairs = more;
                    cap *= 2;
                }
                map.keys[h] = key + 1;
                map.values[h] = g->npairs;
                g->pairs[g->npairs++] = key;
                if ((size_t)g->npairs * 2 > map.slots) {
                    if (pairmap_grow(&map) != 0) goto fail;
                    h = (size_t)mix((uint64_t)(key + 1)) & (map.slots - 1);
                    while (map.keys[h] != key + 1) h = (h + 1) & (map.slots - 1);
                }
            }
            g->ends[2 * k] = u;
            g->ends[2 * k + 1] = v;
            g->index[k++] = map.values[h];
        }
    }
    for (int x = 0; x < nextra; x++, k++) {
        int u = extra_ends[2 * x], v = extra_ends[2 * x + 1];
        g->ends[2 * k] = u < v ? u : v;
        g->ends[2 * k + 1] = u < v ? v : u;
        g->index[k] = g->npairs + extra_w[x];
    }
    free(map.keys);
    free(map.values);
    return g;
fail:
    free(map.keys);
    free(map.values);
    wg_free(g);
    return NULL;
}

int wg_edges(const WG *g) { return g->m; }

/* the usable flags, one byte per edge, copied out or back */
void wg_get_usable(const WG *g, char *out) { memcpy(out, g->usable, (size_t)g->m); }
void wg_set_usable(WG *g, const char *flags) { memcpy(g->usable, flags, (size_t)g->m); }

/* the usable edges (u, v) of the vertices u with from[u] set, u < v, into out (2 ints
 * each, at most cap edges); returns their number (more than cap: call again) */
int wg_usable_edges(const WG *g, const char *from, int *out, int cap) {
    int count = 0;
    for (int e = 0; e < g->m; e++) {
        int u = g->ends[2 * e], v = g->ends[2 * e + 1];
        if (!g->usable[e] || !from[u]) continue;
        if (count < cap) { out[2 * count] = u; out[2 * count + 1] = v; }
        count++;
    }
    return count;
}
int wg_pair_count(const WG *g) { return g->npairs; }
void wg_pairs(const WG *g, long long *out) { memcpy(out, g->pairs, sizeof(long long) * g->npairs); }

/* the weights: ntable entries of Lb limbs (the kind pairs' first, then the extra edges') */
int wg_set_table(WG *g, int ntable, int Lb, const u64 *table) {
    free(g->table);
    g->table = malloc(sizeof(u64) * ((size_t)ntable * Lb + 1));
    if (!g->table) return -1;
    memcpy(g->table, table, sizeof(u64) * (size_t)ntable * Lb);
    g->ntable = ntable;
    g->Lb = Lb;
    return 0;
}

/* One solve (see the weights above) with L limbs: the edges whose ends are alive,
 * whose groups may meet (allowed[grp[u] * ngroups + grp[v]]) and, with
 * only_usable, that are usable.  mate_out[v]: the partner of v or -1; then, with
 * update_usable, each solved edge is usable only if it is tight under the final
 * duals.  warm, duals_io, mate_in, seed: as for solve_source.  Returns 0, or -1
 * when memory ran out. */
int wg_solve(WG *g, int L, int shift, const char *alive, const signed char *grp, int ngroups, const char *allowed,
             const signed char *tgt, const u64 *A, const long long *B, const int *C,
             int only_usable, int update_usable, int warm, u64 *duals_io, const int *mate_in, int *mate_out,
             int seed) {
    int n = g->n, count = 0;
    for (int e = 0; e < g->m; e++) {
        int u = g->ends[2 * e], v = g->ends[2 * e + 1];
        if (alive[u] && alive[v] && allowed[grp[u] * ngroups + grp[v]] && (!only_usable || g->usable[e])) count++;
    }
    int *live = malloc(sizeof(int) * ((size_t)count + 1)), *ends = malloc(sizeof(int) * (2 * (size_t)count + 1));
    char *tight = update_usable ? malloc((size_t)count + 1) : NULL;
    if (!live || !ends || (update_usable && !tight)) { free(live); free(ends); free(tight); return -1; }
    for (int e = 0, k = 0; e < g->m; e++) {
        int u = g->ends[2 * e], v = g->ends[2 * e + 1];
        if (alive[u] && alive[v] && allowed[grp[u] * ngroups + grp[v]] && (!only_usable || g->usable[e])) {
            live[k] = e;
            ends[2 * k] = u;
            ends[2 * k + 1] = v;
            k++;
        }
    }
    Spec spec = {g, live, shift, tgt, grp, A, B, C};
    Source src = {count, L, ends, computed_weight, ranked_edge, NULL, &spec};
    int ret;
    if (count == 0) {
        for (int v = 0; v < n; v++) mate_out[v] = -1;
        if (duals_io) memset(duals_io, 0, sizeof(u64) * (size_t)n * L);
        ret = 0;
    } else {
        ret = solve_source(n, &src, mate_out, tight, seed, duals_io, warm, mate_in);
    }
    if (ret == 0 && update_usable)
        for (int k = 0; k < count; k++) g->usable[live[k]] = tight[k];
    free(live);
    free(ends);
    free(tight);
    return ret;
}
