// Capstone, the disassembler, as Debian's libcapstone-dev installs it: CImpostorInterpose
// decodes the first instructions of a function it patches with it (entry_relocate.c).
#include <capstone/capstone.h>
