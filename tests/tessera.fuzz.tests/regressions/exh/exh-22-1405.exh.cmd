# exit-code: exit 70
# stderr: tessera dspace: internal error: org.eclipse.emf.common.util.WrappedException: java.lang.IllegalStateException: No IResourceServiceProvider found in registry for uri dspace:/tmp/tessera-fuzz-exh-8698747092939513417/c1405/kernel. (rerun with --debug for details; please report it)
# exh seed 22 case 1405: telamon/space/dimensions.exh mutated by huge-number, delete-token
#name dimensions.exh
--json
dspace
check
{FILE}
