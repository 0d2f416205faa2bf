/* tmu — command-line entry point: dispatches to one subcommand per file. */
#include "cli.h"

#include <string.h>

#include "tmu/status.h"

typedef struct command {
    const char *name;
    tmu_cli_fn fn;
    const char *summary;
} command;

static const command commands[] = {
#define TMU_CMD(name, fn, summary) {name, fn, summary},
#include "commands.def"
#undef TMU_CMD
};
#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

static const command *find_command(const char *name)
{
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (!strcmp(commands[i].name, name))
            return &commands[i];
    return NULL;
}

static int unknown_command(const char *name)
{
    const char *names[NCOMMANDS + 1];
    for (size_t i = 0; i < NCOMMANDS; i++)
        names[i] = commands[i].name;
    names[NCOMMANDS] = "help";
    tmu_cli_unknown_name(NULL, "command", name, names, NCOMMANDS + 1);
    return TMU_EXIT_USAGE;
}

static void print_overview(FILE *out)
{
    fprintf(out,
            "tmu %s — software texture mapping unit and texture-instruction tools\n"
            "\n"
            "usage: tmu COMMAND [ARGS...]\n"
            "       tmu --version\n"
            "       tmu help [COMMAND]\n"
            "\n"
            "commands:\n",
            tmu_version());
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(out, "  %-12s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "  %-12s %s\n", "help", "show this overview, or the usage of one command");
}

static int cmd_help(int argc, char **argv)
{
    if (argc < 2) {
        print_overview(stdout);
        return TMU_EXIT_OK;
    }
    if (!strcmp(argv[1], "help")) {
        printf("usage: tmu help [COMMAND]\n\nShows the list of commands, or the usage of COMMAND.\n");
        return TMU_EXIT_OK;
    }
    const command *c = find_command(argv[1]);
    if (!c)
        return unknown_command(argv[1]);
    char *sub[] = {argv[1], "--help", NULL};
    return c->fn(2, sub);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        print_overview(stderr);
        return TMU_EXIT_USAGE;
    }
    const char *name = argv[1];
    if (!strcmp(name, "--version") || !strcmp(name, "-V") || !strcmp(name, "version")) {
        printf("tmu %s\n", tmu_version());
        return TMU_EXIT_OK;
    }
    if (!strcmp(name, "help") || tmu_cli_is_help(name))
        return cmd_help(argc - 1, argv + 1);
    const command *c = find_command(name);
    if (!c)
        return unknown_command(name);
    return c->fn(argc - 1, argv + 1);
}
