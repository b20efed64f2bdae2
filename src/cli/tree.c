/*
 * tree.c - `cycles tree` (not written yet).
 */
#include "cli.h"

int cmd_tree(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_fail(NULL, "cycles tree is not available yet");
}
