/*
 * strategy.c - `cycles strategy` (not written yet).
 */
#include "cli.h"

int cmd_strategy(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return cli_fail(NULL, "cycles strategy is not available yet");
}
