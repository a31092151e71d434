package tessera.tcpa.instantiate.tests;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import tessera.core.Monitor;
import tessera.pla.rdg.PlaCompiler;
import tessera.tcpa.arch.ArchitectureLoader;
import tessera.tcpa.instantiate.Instantiator;
import tessera.tcpa.mapping.MappingState;
import tessera.tcpa.pipeline.TcpaPipeline;
import tessera.tcpa.tcpa.Architecture;

/** Example PLAs compiled once per architecture (the symbolic mapping is the expensive, offline part). */
final class Fixtures extends tessera.testing.Fixtures {
    private static final Map<String, TcpaPipeline.Compiled> CACHE = new HashMap<>();

    private Fixtures() {
    }

    static String example(String name) {
        try (InputStream in = PlaCompiler.class.getResourceAsStream("/tessera/pla/examples/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static Architecture arch(String name) {
        try {
            Path p = root().resolve("examples/tcpa/" + name);
            return ArchitectureLoader.orThrow(ArchitectureLoader.load(Files.readString(p), p.toString()));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The distributed indices of each example, as examples/tessera.properties sets them (tcpa.distribute.NAME). */
    static List<String> distribute(String pla) {
        return switch (pla) {
            case "matmul.pla" -> List.of("i", "j"); // the drain index s comes first (slowest), see docs/tcpa.md
            case "conv.pla" -> List.of("co", "y");
            default -> List.of();
        };
    }

    /** Loop bounds written "N=4,M=64". */
    static Map<String, Long> bounds(String params) {
        Map<String, Long> bounds = new java.util.LinkedHashMap<>();
        for (String kv : params.split(",")) {
            bounds.put(kv.split("=")[0].trim(), Long.parseLong(kv.split("=")[1].trim()));
        }
        return bounds;
    }

    static synchronized TcpaPipeline.Compiled compiled(String pla, String arch) {
        return CACHE.computeIfAbsent(pla + "@" + arch, k -> TcpaPipeline.compile(pla, example(pla), arch(arch),
                new MappingState.Options(distribute(pla), Map.of(), MappingState.Options.defaults().deadline()), Monitor.NULL));
    }

    static Instantiator.Result instantiate(String pla, String arch, Map<String, Long> bounds, int rows, int cols) {
        TcpaPipeline.Compiled c = compiled(pla, arch);
        if (!c.ok()) {
            throw new IllegalStateException(c.diagnostics().toString());
        }
        return Instantiator.run(c.mapping().config(), arch(arch), new Instantiator.Parameters(bounds, rows, cols), pla, Monitor.NULL);
    }
}
