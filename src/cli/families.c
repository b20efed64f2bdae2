/*
 * families.c - `cycles families`: the named boards.
 */
#include "cli.h"

int cmd_families(cli_opts *o)
{
    (void)o;
    for (const cy_family_info *f = cy_family_list(); f->name; f++)
        printf("%-22s %s\n", f->usage, f->summary);
    return 0;
}
