# json-empty: --json but nothing on stdout (exit 1)
# stderr: batched_matmul.kernel:1:1: error: found the end of the file where 'kernel' was expected (see docs/kernel.md for the .kernel syntax)
# kernel seed 11 case 297: telamon/batched_matmul.kernel mutated by cr, delete-lines
#name batched_matmul.kernel
--json
telamon
instance
{FILE}
