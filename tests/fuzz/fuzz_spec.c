/*
 * fuzz_spec.c - libFuzzer target for the short words a user types: family
 * specs (`cycles solve grid:3x3`, the server's ?board=), rule names
 * (`--rules`, ?rules=) and format names (`--format`, `convert --to`).  A
 * family that builds must be a valid board that writes and reads back.
 */
#include "cycles.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 256)
        return 0;
    /* the first byte: players and extra turn for the rules */
    int players = data[0] % 10, extra = (data[0] >> 4) & 1;
    char *text = malloc(size);
    memcpy(text, data + 1, size - 1);
    text[size - 1] = 0;
    cy_error err;
    int known = cy_family_known(text);
    cy_board *b = cy_family_build(text, &err);
    if (b && !known)
        __builtin_trap(); /* built what it calls unknown */
    if (b && b->ne <= 2000) {
        char *s = cy_write_board(b, NULL, CY_FMT_JSON, &err);
        if (!s)
            __builtin_trap();
        cy_board *c = cy_read_board(s, strlen(s), CY_FMT_JSON, NULL, &err);
        if (!c || c->ne != b->ne || c->nv != b->nv || c->ncells != b->ncells)
            __builtin_trap(); /* a family board must read back */
        cy_board_free(c);
        free(s);
    }
    cy_board_free(b);
    cy_rules r;
    cy_rules_parse(text, players, extra, &r, &err);
    cy_format_parse(text);
    free(text);
    return 0;
}
