/*
 * check.c - `cycles check` (not written yet).
 */
#include "cli.h"

int cmd_check(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_fail(NULL, "cycles check is not available yet");
}
