/*
 * play.c - `cycles play` (not written yet).
 */
#include "cli.h"

int cmd_play(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_fail(NULL, "cycles play is not available yet");
}
