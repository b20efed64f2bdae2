/*
 * families.c - `cycles families`: the named boards.
 */
#include "cli.h"

int cmd_families(int argc, char **argv)
{
    cli_opts o;
    if (cli_parse(argc, argv, 2, "", &o))
        return 1;
    for (const cy_family_info *f = cy_family_list(); f->name; f++)
        printf("%-22s %s\n", f->usage, f->summary);
    return 0;
}
