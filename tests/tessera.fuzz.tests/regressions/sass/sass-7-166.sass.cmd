# no-position: diagnostic without file:line: smem_reduce.sass: error: unknown architecture 'sm_1e400' (use one of sm_50, sm_52, sm_53, sm_60, sm_61, sm_62, sm_70, sm_72, sm_75, sm_80, sm_86, sm_87, sm_89, sm_90)
# stderr: smem_reduce.sass: error: unknown architecture 'sm_1e400' (use one of sm_50, sm_52, sm_53, sm_60, sm_61, sm_62, sm_70, sm_72, sm_75, sm_80, sm_86, sm_87, sm_89, sm_90)
# sass seed 7 case 166: regdem/smem_reduce.sass mutated by huge-number, huge-number
#name smem_reduce.sass
--json
regdem
{FILE}
--block
128
