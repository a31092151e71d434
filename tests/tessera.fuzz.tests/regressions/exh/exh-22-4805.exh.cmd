# exit-code: exit 70
# stderr: tessera dspace: internal error: org.eclipse.emf.common.util.WrappedException: java.lang.IllegalStateException: No IResourceServiceProvider found in registry for uri dspace:/tmp/tessera-fuzz-exh-8698747092939513417/c4805/dimensions&exh (rerun with --debug for details; please report it)
# exh seed 22 case 4805: telamon/space/order.exh mutated by huge-number, flip, crlf
#name order.exh
dspace
check
{FILE}
