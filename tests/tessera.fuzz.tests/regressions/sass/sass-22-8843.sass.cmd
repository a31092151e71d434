# not-json: --json but stdout is not one JSON document: unexpected character at offset 317
# stderr: ... RegDem variants
# sass seed 22 case 8843: regdem/smem_reduce.sass mutated by huge-number
#name smem_reduce.sass
--json
regdem
{FILE}
--block
128
