package tessera.regdem.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import tessera.core.Monitor;
import tessera.diagram.ExtensionDiagramProvider;
import tessera.regdem.analysis.Cfg;
import tessera.regdem.predict.Variant;
import tessera.regdem.sass.CuobjdumpImport;
import tessera.regdem.sass.SassDocument;
import tessera.regdem.sass.SassParser;
import tessera.regdem.sass.SassProgram;

/**
 * CFG diagrams of {@code *.sass} kernels for Studio's diagram view: the original kernel with control-code stalls and
 * predicted block stalls, and the variant RegDem shows first ({@link RegdemAnalysis#shownByDefault()}: the chosen
 * one, or the best demoting one when the original wins) with its demote code marked. Launch settings come from the
 * project's {@code tessera.properties} like the builder pass; without them only the original CFG is drawn.
 */
public final class SassCfgDiagrams extends ExtensionDiagramProvider {
    public SassCfgDiagrams() {
        super(".sass");
    }

    @Override
    public List<Named> diagrams(String fileName, String text, Function<String, Optional<String>> reader) {
        SassDocument doc = SassParser.parse(fileName, text);
        if (doc.diagnostics().hasErrors()) {
            return List.of();
        }
        if (fileName.endsWith(".regdem.sass")) {
            return plain(doc, "CFG");
        }
        LaunchSettings launch = LaunchSettings.of(LaunchSettings.parseProperties(reader.apply(
                LaunchSettings.SETTINGS_FILE)), fileName, text);
        RegdemAnalysis a = RegdemAnalysis.of(fileName, text, launch, Monitor.NULL);
        return diagrams(a, doc);
    }

    /** One CFG per kernel of the listing (a cuobjdump listing may hold several {@code Function :} sections). */
    private static List<Named> plain(SassDocument doc, String title) {
        List<Named> out = new ArrayList<>();
        for (var f : doc.functions()) {
            SassProgram p = CuobjdumpImport.toMaxas(f);
            String name = doc.functions().size() > 1 ? title + ": " + f.displayName() : title;
            out.add(new Named(name, CfgDiagram.build("CFG", p, Cfg.build(p), null)));
        }
        return out;
    }

    static List<Named> diagrams(RegdemAnalysis a, SassDocument doc) {
        List<Named> out = new ArrayList<>();
        if (!a.ok()) {
            return plain(doc, "CFG (no launch settings: stalls from control codes only)");
        }
        out.add(named(a, a.original()));
        Variant v = a.shownByDefault();
        if (v != a.original()) {
            out.add(named(a, v));
        }
        return out;
    }

    /** The chooser name of a variant's CFG diagram. */
    public static String name(RegdemAnalysis a, Variant v) {
        if (v == a.original()) {
            return "CFG: original (" + v.registers() + " registers" + (v.chosen() ? ", chosen)" : ")");
        }
        return "CFG: " + v.name() + (v.chosen() ? " (chosen, " : " (not chosen, ") + v.registers()
                + " registers; + marks demote code)";
    }

    /** The CFG diagram of one variant (name shown in the view's chooser). */
    public static Named named(RegdemAnalysis a, Variant v) {
        RegdemAnalysis.Detail d = a.detail(v);
        String name = name(a, v);
        return new Named(name, CfgDiagram.build(name, d.program(), d.cfg(), d.prediction().blockStalls()));
    }
}
