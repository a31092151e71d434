package tessera.palmed.predict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import tessera.core.Monitor;
import tessera.core.cli.Json;
import tessera.palmed.machine.BenchmarkMachine;
import tessera.palmed.model.Kernel;
import tessera.palmed.model.ResourceMapping;

/**
 * Which instructions of a machine a mapping covers and why the others are missing (issue 21 item 3: coverage is part
 * of every {@code infer} and {@code compare} report; seed 000 §VI-A drops instructions with IPC below 0.05).
 *
 * @param instructions how many instructions the machine has (or inference was asked for)
 * @param unmapped     each instruction left out, with the reason
 */
public record Coverage(int instructions, Map<String, String> unmapped) {
    /** The reason given to an instruction dropped by the §VI-A low-IPC filter. */
    public static String lowIpc(double ipc, double minIpc) {
        return String.format(Locale.ROOT, "IPC %.3f below %.2f (seed 000 §VI-A: not mapped)", ipc, minIpc);
    }

    /**
     * The coverage of {@code mapping} over the machine's instructions; an instruction the mapping lacks is measured
     * alone (only on a machine where that is cheap, i.e. not the host) to tell a §VI-A low-IPC drop from a plain gap.
     */
    public static Coverage of(BenchmarkMachine machine, ResourceMapping mapping, double minIpc, boolean measure) {
        Map<String, String> un = new LinkedHashMap<>();
        List<String> all = machine.instructions();
        for (String i : all) {
            if (!mapping.has(i)) {
                String why = "not in the mapping";
                if (measure) {
                    double ipc = machine.measure(Kernel.of(Map.of(i, 1)), Monitor.NULL).ipc();
                    if (ipc < minIpc) {
                        why = lowIpc(ipc, minIpc);
                    }
                }
                un.put(i, why);
            }
        }
        return new Coverage(all.size(), un);
    }

    public int mapped() {
        return instructions - unmapped.size();
    }

    /** One line (plus one per reason group): "coverage: 493 of 505 instructions mapped (97.6 %); 12 not mapped". */
    public String summary() {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
                "coverage: %d of %d instructions mapped (%.1f %%)", mapped(), instructions,
                instructions == 0 ? 100.0 : 100.0 * mapped() / instructions));
        if (unmapped.isEmpty()) {
            return sb.append("; every instruction is mapped").toString();
        }
        sb.append("; ").append(unmapped.size()).append(" not mapped:");
        int shown = 0;
        for (Map.Entry<String, String> e : unmapped.entrySet()) {
            if (shown++ == 12) {
                sb.append(String.format(Locale.ROOT, "%n  … and %d more (see --json)", unmapped.size() - 12));
                break;
            }
            sb.append(String.format(Locale.ROOT, "%n  %s: %s", e.getKey(), e.getValue()));
        }
        return sb.toString();
    }

    public Map<String, Object> toJson() {
        List<Map<String, Object>> un = new ArrayList<>();
        unmapped.forEach((i, why) -> un.add(Json.object("instruction", i, "reason", why)));
        return Json.object("instructions", instructions, "mapped", mapped(), "unmapped", un);
    }
}
