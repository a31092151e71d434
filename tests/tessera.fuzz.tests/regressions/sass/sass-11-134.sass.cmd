# no-position: diagnostic without file:line: smem_reduce.sass: error: unknown architecture 'sm_2^63' (use one of sm_50, sm_52, sm_53, sm_60, sm_61, sm_62, sm_70, sm_72, sm_75, sm_80, sm_86, sm_87, sm_89, sm_90)
# stderr: smem_reduce.sass: error: unknown architecture 'sm_2^63' (use one of sm_50, sm_52, sm_53, sm_60, sm_61, sm_62, sm_70, sm_72, sm_75, sm_80, sm_86, sm_87, sm_89, sm_90)
# sass seed 11 case 134: regdem/smem_reduce.sass mutated by truncate, huge-number
#name smem_reduce.sass
--json
regdem
{FILE}
--block
256
--target-occupancy
0.5
