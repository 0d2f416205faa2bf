/* tmu asm — assemble texture instructions of one ISA.
 * A thin dispatcher (shared with disasm, see cmd_disasm.c); the ISA code lives in
 * cli_gcn.c, cli_rdna.c and cli_ir3.c. */
#include "cli.h"
#include "isa_cli.h"

int tmu_cmd_asm(int argc, char **argv)
{
    return tmu_cli_isa_dispatch(argc, argv, tmu_cli_asm_amd, tmu_cli_asm_ir3);
}
