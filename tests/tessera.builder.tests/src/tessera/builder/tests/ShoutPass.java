package tessera.builder.tests;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

import tessera.core.Diagnostic;
import tessera.core.pass.GenPaths;
import tessera.core.pass.FilePass;
import tessera.core.pass.PassContext;

/** A pass registered only by this test bundle: upper-cases *.shout files, flags lines containing "bad". */
public class ShoutPass extends FilePass {
    public ShoutPass() {
        super("test.shout", "test pass", 100, ".shout");
    }

    @Override
    public void run(PassContext ctx) {
        String[] lines = ctx.contents().split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            int col = lines[i].indexOf("bad");
            if (col >= 0) {
                ctx.report(Diagnostic.error("", i + 1, "'bad' is not allowed", "write 'good'"));
            }
        }
        ctx.output("shout/" + GenPaths.baseName(ctx.fileName()) + ".txt",
                ctx.contents().toUpperCase(Locale.ROOT).getBytes(StandardCharsets.UTF_8));
    }
}
