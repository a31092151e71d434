package tessera.regdem.cli;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import tessera.core.cli.CliContext;
import tessera.core.cli.CliCommand;
import tessera.core.cli.UsageException;
import tessera.regdem.RegdemRunner;
import tessera.regdem.analysis.RegisterUnits;
import tessera.regdem.cubin.CubinPatch;
import tessera.regdem.cubin.CubinReader;
import tessera.regdem.cubin.ResourceException;
import tessera.regdem.demote.LocalSpillToShared;
import tessera.regdem.demote.SharedLayout;
import tessera.regdem.sass.CuobjdumpFunctions;
import tessera.regdem.sass.SassDocument;
import tessera.regdem.sass.SassParser;
import tessera.regdem.sass.SassPrinter;
import tessera.regdem.sass.SassProgram;
import tessera.regdem.sass.SassFunction;

/**
 * {@code tessera regdem LISTING --block N --patch-cubin OUT.cubin}: the local→shared variant (digest §3.9) of the
 * analysed kernel in its in-place form, written into a copy of nvcc's cubin by {@link CubinPatch}, and its listing
 * beside it ({@code OUT.sass}) to compare with {@code cuobjdump -sass OUT.cubin}.
 */
final class CubinPatchCommand {
    private CubinPatchCommand() {
    }

    static int run(CliContext ctx, RegdemRunner.Request req, RegdemRunner.Outcome out, Path cubin, String targetPath)
            throws Exception {
        byte[] bytes = cubin == null ? new byte[0] : Files.readAllBytes(cubin);
        if (!CubinReader.isCubin(bytes)) {
            throw new UsageException("--patch-cubin needs the kernel's cubin: --cubin FILE.cubin (or FILE.cubin beside"
                    + " the listing)");
        }
        SassDocument doc = SassParser.parse(req.fileName(), req.text());
        SassFunction f = CuobjdumpFunctions.select(doc.functions(), req.kernel(), req.arch()).function();
        SassProgram orig = out.report().variants().get(0).program();
        int base = SharedLayout.spillBase(out.settings().arch(), orig.sharedSize(), out.settings().dynamicSmem());
        LocalSpillToShared.Result v = LocalSpillToShared.run(orig, out.settings().threads(), base);
        if (v.words() == 0) {
            ctx.report(tessera.core.Diagnostic.error(req.fileName(), f.line(), "nothing to patch: "
                    + String.join("; ", v.notes()), "the kernel must spill to local memory at constant offsets"));
            return CliCommand.FAILED;
        }
        int regs = RegisterUnits.allocated(orig, RegisterUnits.registerCount(v.program()));
        CubinPatch.Result r;
        try {
            r = CubinPatch.apply(cubin.toString(), bytes, f.program(), v.program(), regs);
        } catch (ResourceException e) {
            ctx.report(e.toDiagnostic());
            return CliCommand.FAILED;
        }
        Path target = ctx.writeOutput("patch-cubin", targetPath, r.cubin());
        Path listing = ctx.writeOutput("patch-cubin", targetPath.replaceAll("\\.cubin$", "") + ".sass",
                SassPrinter.print(v.program()).getBytes(StandardCharsets.UTF_8));
        long dyn = out.settings().dynamicSmem() + v.sharedBytes();
        if (ctx.json()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("kernel", out.kernel());
            m.put("block", out.settings().threads());
            m.put("words", v.words());
            m.put("spillBase", base);
            m.put("dynamicSharedMemory", dyn);
            m.put("encoded", r.encoded().size());
            m.put("cubin", target.toString());
            m.put("listing", listing.toString());
            ctx.json(m);
        } else {
            for (String n : v.notes()) {
                ctx.println("note: " + n);
            }
            ctx.println("patched " + r.encoded().size() + " instructions; slots at 0x" + Integer.toHexString(base)
                    + "; launch with block " + out.settings().threads() + " and " + dyn + " B of dynamic shared memory");
            ctx.println("wrote " + target + " and " + listing + " (compare with cuobjdump -sass " + target + ")");
        }
        return CliCommand.OK;
    }
}
