/*
 * server_canon.c - the canonical keys of the server's answer cache
 * (src/server/server.c): a board and position asked under other labels, or drawn
 * mirrored, share one cache entry, stored with the vertices numbered
 * canonically and given back in each asker's labels.
 *
 * The canonical numbering is read along the embedding, as plantri reads
 * plane graphs: from every dart, turning either way round the vertices, the
 * vertices are numbered breadth first, each vertex's darts listed from the
 * one it was reached by; the code lists, vertex by vertex, whether it is
 * special, its degree and for each dart the number of its head, its mark
 * (none, along the dart, against it) and whether the outer face lies on its
 * left (on its right, read the other way round).  The code determines the
 * board with its rotations (mirrored when read the other way), outer face,
 * special vertices and marks, and so the game; the least code over all
 * starts is the key, and its numbering the map.  O(E^2): the server's boards
 * have at most a few dozen edges.
 */
#include "server_work.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* The code from start dart d0 read one way round (o = 0: the rotation, 1:
 * against it) into code (2 ints a vertex and 3 a dart), the numbering into
 * num (order and ref: work space); returns the code's length. */
static int read_from(const cy_board *b, const unsigned char *mark, const int *pos, int d0, int o, int *code, int *num,
                     int *order, int *ref)
{
    int n = 0, cnt = 1;
    for (int v = 0; v < b->nv; v++)
        num[v] = -1;
    int r = cy_tail(b, d0);
    num[r] = 0;
    order[0] = r;
    ref[r] = d0;
    for (int i = 0; i < cnt; i++) {
        int u = order[i], k = cy_degree(b, u), d = ref[u];
        code[n++] = b->special ? b->special[u] : 0;
        code[n++] = k;
        for (int j = 0; j < k; j++) {
            int w = cy_head(b, d), e = cy_dart_edge(d);
            if (num[w] < 0) {
                num[w] = cnt;
                order[cnt++] = w;
                ref[w] = cy_dart_rev(d);
            }
            code[n++] = num[w];
            code[n++] = mark[e] == CY_UNMARKED ? 0 : mark[e] == cy_dart_mark(d) ? 1 : 2;
            code[n++] = (o ? b->dface[cy_dart_rev(d)] : b->dface[d]) == b->ncells;
            int p = pos[d];
            d = b->vdarts[b->vstart[u] + (o ? (p + k - 1) % k : (p + 1) % k)];
        }
    }
    return n;
}

/* The key of a board with parallel edges, which the code above does not
 * tell apart: the board itself, labels, edges, walks and marks, so that only
 * the same board in the same labels shares an entry; the identity map. */
static int *exact_key(const cy_board *b, const unsigned char *mark, GString *key)
{
    int *vmap = sx_malloc(sizeof(int) * (size_t)(b->nv + 1));
    g_string_append_printf(key, "exact %d %d %d %d %d:", b->nv, b->ne, b->ncells, b->orientable, b->genus);
    for (int v = 0; v < b->nv; v++) {
        vmap[v] = v;
        g_string_append_printf(key, " %s%s", b->label[v], b->special[v] ? "*" : "");
    }
    for (int e = 0; e < b->ne; e++)
        g_string_append_printf(key, " %d-%d:%d", b->eu[e], b->ev[e], mark[e]);
    for (int f = 0; f < b->ncells; f++) {
        g_string_append(key, " |");
        for (int i = b->fstart[f]; i < b->fstart[f + 1]; i++)
            g_string_append_printf(key, " %d", b->fdarts[i]);
    }
    return vmap;
}

void sc_exact(const cy_board *b, const unsigned char *mark, GString *key)
{
    g_string_append_printf(key, "%s\n", b->name ? b->name : "");
    free(exact_key(b, mark, key));
}

int *sc_canon(const cy_board *b, const unsigned char *mark, GString *key)
{
    if (b->multi)
        return exact_key(b, mark, key);
    int nd = 2 * b->ne, maxlen = 2 * b->nv + 3 * nd + 1;
    int *pos = sx_malloc(sizeof(int) * (size_t)(nd + 1));
    for (int v = 0; v < b->nv; v++)
        for (int i = b->vstart[v]; i < b->vstart[v + 1]; i++)
            pos[b->vdarts[i]] = i - b->vstart[v];
    int *best = sx_malloc(sizeof(int) * (size_t)maxlen), *code = sx_malloc(sizeof(int) * (size_t)maxlen);
    int *num = sx_malloc(sizeof(int) * (size_t)(b->nv + 1)), *vmap = sx_malloc(sizeof(int) * (size_t)(b->nv + 1));
    int *order = sx_malloc(sizeof(int) * (size_t)(b->nv + 1)), *ref = sx_malloc(sizeof(int) * (size_t)(b->nv + 1));
    int nbest = -1;
    for (int d0 = 0; d0 < nd; d0++)
        for (int o = 0; o < 2; o++) {
            int n = read_from(b, mark, pos, d0, o, code, num, order, ref);
            int c = nbest < 0 ? -1 : 0;
            for (int i = 0; !c && i < n && i < nbest; i++)
                c = (code[i] > best[i]) - (code[i] < best[i]);
            if (!c)
                c = (n > nbest) - (n < nbest);
            if (c < 0) {
                memcpy(best, code, sizeof(int) * (size_t)n);
                nbest = n;
                memcpy(vmap, num, sizeof(int) * (size_t)b->nv);
            }
        }
    if (nd == 0) /* one vertex, no edge */
        for (int v = 0; v < b->nv; v++)
            vmap[v] = v;
    g_string_append_printf(key, "%d %d %d:", b->nv, b->ne, b->ncells);
    for (int i = 0; i < nbest; i++)
        g_string_append_printf(key, " %d", best[i]);
    free(pos);
    free(best);
    free(code);
    free(num);
    free(order);
    free(ref);
    return vmap;
}

/* The move "U->V" s mapped: to canonical numbers ("3->7") when to_canon,
 * else from them to b's labels; NULL when s is no such move. */
static char *map_move(const cy_board *b, const int *vmap, const int *inv, int to_canon, const char *s)
{
    const char *arrow = strstr(s, "->");
    if (!arrow || arrow == s || !arrow[2] || strlen(s) > 2 * CY_MAX_LABEL + 8)
        return NULL;
    char x[2 * CY_MAX_LABEL + 8];
    memcpy(x, s, (size_t)(arrow - s));
    x[arrow - s] = 0;
    const char *y = arrow + 2;
    GString *out = g_string_new(NULL);
    if (to_canon) {
        int u = cy_board_find(b, x), w = cy_board_find(b, y);
        if (u < 0 || w < 0)
            return NULL;
        g_string_append_printf(out, "%d->%d", vmap[u], vmap[w]);
    } else {
        char *e1, *e2;
        long u = strtol(x, &e1, 10), w = strtol(y, &e2, 10);
        if (*e1 || *e2 || !*x || !*y || u < 0 || w < 0 || u >= b->nv || w >= b->nv)
            return NULL;
        g_string_append_printf(out, "%s->%s", b->label[inv[u]], b->label[inv[w]]);
    }
    return g_string_free(out, FALSE);
}

/* The dart of move s on b (for sorting), or a large number. */
static int dart_of(const cy_board *b, const char *s)
{
    int *d = NULL, n = 0, r = 1 << 30;
    cy_error err;
    if (cy_moves_parse(b, s, &d, &n, &err) == 0 && n == 1)
        r = d[0];
    free(d);
    return r;
}

/* Maps every move in value j (strings, array items, object keys and
 * values), in place where it can; returns j or its replacement.  From the
 * canonical numbers, arrays of moves and objects keyed by moves are put in
 * the order of b's darts, as a solve of b would list them. */
static json_t *walk(json_t *j, const cy_board *b, const int *vmap, const int *inv, int to_canon)
{
    if (json_is_string(j)) {
        char *m = map_move(b, vmap, inv, to_canon, json_string_value(j));
        if (!m)
            return j;
        json_t *r = json_string(m);
        free(m);
        json_decref(j);
        return r;
    }
    if (json_is_array(j)) {
        size_t n = json_array_size(j);
        for (size_t i = 0; i < n; i++)
            json_array_set_new(j, i, walk(json_incref(json_array_get(j, i)), b, vmap, inv, to_canon));
        if (!to_canon && n > 1) {
            /* insertion sort by dart: the lists are short */
            for (size_t i = 1; i < n; i++)
                for (size_t k = i; k > 0; k--) {
                    json_t *p = json_array_get(j, k - 1), *q = json_array_get(j, k);
                    if (!json_is_string(p) || !json_is_string(q) ||
                        dart_of(b, json_string_value(p)) <= dart_of(b, json_string_value(q)))
                        break;
                    json_incref(p);
                    json_array_set(j, k - 1, q);
                    json_array_set_new(j, k, p);
                }
        }
        return j;
    }
    if (json_is_object(j)) {
        json_t *r = json_object();
        const char *k;
        json_t *v;
        /* keys that are moves, mapped, with their darts for the order */
        size_t n = json_object_size(j), m = 0;
        struct kv {
            char *key;
            json_t *val;
            int dart;
        } *kvs = sx_malloc(sizeof(struct kv) * (n + 1));
        json_object_foreach(j, k, v)
        {
            char *mk = map_move(b, vmap, inv, to_canon, k);
            kvs[m].key = mk ? mk : sx_strdup(k);
            kvs[m].val = walk(json_incref(v), b, vmap, inv, to_canon);
            kvs[m].dart = mk && !to_canon ? dart_of(b, mk) : -1;
            m++;
        }
        /* keep the order of keys that are not moves; moves by dart */
        for (size_t i = 1; i < m; i++)
            for (size_t q = i; q > 0 && kvs[q - 1].dart >= 0 && kvs[q].dart >= 0 && kvs[q - 1].dart > kvs[q].dart; q--) {
                struct kv t = kvs[q - 1];
                kvs[q - 1] = kvs[q];
                kvs[q] = t;
            }
        for (size_t i = 0; i < m; i++) {
            json_object_set_new(r, kvs[i].key, kvs[i].val);
            free(kvs[i].key);
        }
        free(kvs);
        json_decref(j);
        return r;
    }
    return j;
}

/* o (taken) with its moves mapped (walk) and "board" emptied or set to
 * b's name. */
static json_t *relabel(json_t *o, const cy_board *b, const int *vmap, int to_canon)
{
    int *inv = sx_malloc(sizeof(int) * (size_t)(b->nv + 1));
    for (int v = 0; v < b->nv; v++)
        inv[vmap[v]] = v;
    o = walk(o, b, vmap, inv, to_canon);
    if (json_is_object(o) && json_object_get(o, "board")) {
        char *name = cy_escape_dup(b->name ? b->name : "", 0);
        json_object_set_new(o, "board", json_string(to_canon ? "" : name));
        free(name);
    }
    free(inv);
    return o;
}

json_t *sc_to_canon(const char *text, const cy_board *b, const int *vmap)
{
    json_error_t jerr;
    json_t *o = json_loads(text, 0, &jerr);
    return o ? relabel(o, b, vmap, 1) : NULL;
}

char *sc_from_canon(json_t *canon, const cy_board *b, const int *vmap)
{
    return sw_json_text(relabel(canon, b, vmap, 0));
}
