/*
 * symmetry.c - `cycles symmetry` (not written yet).
 */
#include "cli.h"

int cmd_symmetry(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_fail(NULL, "cycles symmetry is not available yet");
}
