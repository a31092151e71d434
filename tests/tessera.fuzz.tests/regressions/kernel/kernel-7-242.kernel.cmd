# json-empty: --json but nothing on stdout (exit 1)
# stderr: outer_product.kernel:1:1: error: found the end of the file where 'kernel' was expected (see docs/kernel.md for the .kernel syntax)
# kernel seed 7 case 242: telamon/outer_product.kernel mutated by truncate
#name outer_product.kernel
--json
telamon
codegen
{FILE}
--decisions
{EX}/telamon/outer_product.decisions
--out-dir
gen
