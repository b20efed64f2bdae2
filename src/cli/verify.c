/*
 * verify.c - `cycles verify` (not written yet).
 */
#include "cli.h"

int cmd_verify(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_fail(NULL, "cycles verify is not available yet");
}
