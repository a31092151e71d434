package tessera.telamon.codegen;

import java.util.ArrayList;
import java.util.List;

import tessera.core.cli.Json;

/**
 * Seed 001 §4.4.4 (digest 001b §4 item 5): what the host needs to launch the generated kernel. {@code grid} and
 * {@code block} are the extents along x, y, z (the grid's as values in this instance and as formulas over the size
 * parameters, e.g. {@code n/16}); {@code sharedBytes} is the static shared memory the PTX declares. {@code params} are
 * the entry's parameters in order: first a {@code .u64} pointer per INPUT array in {@code kernel.arrays()} order (kind
 * {@code array}), then the scalar parameters the code reads in {@code kernel.params()} order (kind {@code scalar}:
 * those read by instructions and the sizes of dynamic LOOP dimensions), then a {@code .u64} pointer per temporary array
 * in GLOBAL memory (kind {@code temporary}: a zeroed buffer of {@code bytes} that the host allocates, one 16-byte aligned
 * slice per block).
 */
public record LaunchDescription(String kernel, String entry, String target, List<Extent> grid, List<Long> block, long sharedBytes,
        List<Param> params) {
    public LaunchDescription {
        grid = List.copyOf(grid);
        block = List.copyOf(block);
        params = List.copyOf(params);
    }

    /**
     * One entry parameter: {@code name} in the kernel, {@code ptxName} in the PTX, {@code kind} array / scalar /
     * temporary, {@code type} its PTX type, {@code bytes} a temporary buffer's size in this instance and
     * {@code bytesFormula} over the size parameters (null otherwise).
     */
    public record Param(String name, String ptxName, String kind, String type, Long bytes, String bytesFormula) {
    }

    public String toJson() {
        List<Object> ps = new ArrayList<>();
        for (Param p : params) {
            ps.add(p.bytes() == null ? Json.object("name", p.name(), "ptxName", p.ptxName(), "kind", p.kind(), "type", p.type())
                    : Json.object("name", p.name(), "ptxName", p.ptxName(), "kind", p.kind(), "type", p.type(), "bytes", p.bytes(),
                            "bytesFormula", p.bytesFormula()));
        }
        return Json.write(Json.object("kernel", kernel, "entry", entry, "target", target, "grid", grid.stream().map(Extent::value).toList(),
                "gridFormula", grid.stream().map(Extent::formula).toList(), "block", block, "sharedBytes", sharedBytes, "params", ps));
    }
}
