package tessera.modsched.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tessera.core.Diagnostic;
import tessera.core.DiagnosticException;
import tessera.core.Diagnostics;

/**
 * A machine for modulo scheduling: resource classes with unit counts, pipelined or busy for k cycles, and an optional
 * issue width (then a synthetic resource {@code issue} with that many units is used by every operation at offset 0).
 * Counts, busy times and the issue width are bounded by {@link ModelLimits}.
 * Immutable; build with {@link #builder(String)}.
 */
public final class Machine {
    private final String name;
    private final List<ResourceClass> resources;
    private final Map<String, Integer> byName;
    private final int issueWidth;

    private Machine(String name, List<ResourceClass> resources, int issueWidth) {
        this.name = name;
        this.resources = List.copyOf(resources);
        Map<String, Integer> m = new LinkedHashMap<>();
        for (int i = 0; i < resources.size(); i++) {
            m.put(resources.get(i).name(), i);
        }
        this.byName = Collections.unmodifiableMap(m);
        this.issueWidth = issueWidth;
    }

    public static Builder builder(String name) {
        return new Builder(name);
    }

    public String name() {
        return name;
    }

    /** All resource classes, the synthetic issue resource last when there is one. */
    public List<ResourceClass> resources() {
        return resources;
    }

    public ResourceClass resource(int index) {
        return resources.get(index);
    }

    /** Index of the named resource class, or -1. */
    public int resourceIndex(String resourceName) {
        return byName.getOrDefault(resourceName, -1);
    }

    /** Issue width, 0 when unlimited. */
    public int issueWidth() {
        return issueWidth;
    }

    /** Index of the synthetic issue resource, or -1 when the issue width is unlimited. */
    public int issueResource() {
        return issueWidth > 0 ? resources.size() - 1 : -1;
    }

    /** Declared (non-synthetic) resources. */
    public List<ResourceClass> declaredResources() {
        return resources.stream().filter(r -> !r.implicit()).toList();
    }

    @Override
    public String toString() {
        return "machine " + name + " " + resources;
    }

    /** Collects resources; {@link #build(Diagnostics)} validates them. */
    public static final class Builder {
        private final String name;
        private final List<ResourceClass> resources = new ArrayList<>();
        private final List<Integer> lines = new ArrayList<>();
        private int issueWidth;
        private int issueLine;
        private String file = "";

        private Builder(String name) {
            this.name = name;
        }

        /** File name used in diagnostics. */
        public Builder file(String fileName) {
            this.file = fileName;
            return this;
        }

        public Builder resource(String resourceName, int count, int busy) {
            return resource(resourceName, count, busy, 0);
        }

        public Builder pipelined(String resourceName, int count) {
            return resource(resourceName, count, 1, 0);
        }

        /** A resource class declared at a source line (for diagnostics; 0 = unknown). */
        public Builder resource(String resourceName, int count, int busy, int line) {
            resources.add(new ResourceClass(resourceName, count, busy, false));
            lines.add(line);
            return this;
        }

        public Builder issueWidth(int width) {
            return issueWidth(width, 0);
        }

        public Builder issueWidth(int width, int line) {
            this.issueWidth = width;
            this.issueLine = line;
            return this;
        }

        private void error(Diagnostics d, int ln, ModelProblems.Problem p) {
            d.add(Diagnostic.error(file, ln, p.message(), p.hint()));
        }

        /** The machine, or null after reporting errors into {@code diagnostics}. */
        public Machine build(Diagnostics diagnostics) {
            boolean ok = true;
            if (name == null || name.isBlank()) {
                diagnostics.add(Diagnostic.error(file, 0, "machine has no name", "write 'machine NAME { ... }'"));
                ok = false;
            }
            Map<String, Integer> seen = new LinkedHashMap<>();
            for (int i = 0; i < resources.size(); i++) {
                ResourceClass r = resources.get(i);
                int line = lines.get(i);
                if (seen.containsKey(r.name())) {
                    error(diagnostics, line, ModelProblems.duplicateResource(r.name()));
                    ok = false;
                }
                seen.put(r.name(), i);
                if (r.name().equals(ResourceClass.ISSUE)) {
                    error(diagnostics, line, ModelProblems.reservedIssueName());
                    ok = false;
                }
                if (r.count() < 1) {
                    error(diagnostics, line, ModelProblems.badCount(r.name(), r.count()));
                    ok = false;
                }
                if (r.busy() < 1) {
                    error(diagnostics, line, ModelProblems.badBusy(r.name(), r.busy()));
                    ok = false;
                }
                if (r.count() > ModelLimits.MAX_UNITS) {
                    error(diagnostics, line, ModelProblems.outOfRange("count of resource '" + r.name() + "'", r.count(), 1,
                            ModelLimits.MAX_UNITS));
                    ok = false;
                }
                if (r.busy() > ModelLimits.MAX_BUSY) {
                    error(diagnostics, line, ModelProblems.outOfRange("busy time of resource '" + r.name() + "'", r.busy(),
                            1, ModelLimits.MAX_BUSY));
                    ok = false;
                }
            }
            if (resources.size() > ModelLimits.MAX_RESOURCES) {
                error(diagnostics, 0, ModelProblems.tooMany("machine '" + name + "'", resources.size(), "resources",
                        ModelLimits.MAX_RESOURCES));
                ok = false;
            }
            if (issueWidth < 0) {
                error(diagnostics, issueLine, ModelProblems.negativeIssueWidth(issueWidth));
                ok = false;
            } else if (issueWidth > ModelLimits.MAX_UNITS) {
                error(diagnostics, issueLine, ModelProblems.outOfRange("issue width", issueWidth, 0, ModelLimits.MAX_UNITS));
                ok = false;
            }
            if (!ok) {
                return null;
            }
            List<ResourceClass> all = new ArrayList<>(resources);
            if (issueWidth > 0) {
                all.add(new ResourceClass(ResourceClass.ISSUE, issueWidth, 1, true));
            }
            return new Machine(name, all, issueWidth);
        }

        /** The machine, or a {@link DiagnosticException} with the first error. */
        public Machine build() {
            Diagnostics d = new Diagnostics();
            Machine m = build(d);
            if (m == null) {
                throw new DiagnosticException(d.list().stream().filter(Diagnostic::isError).findFirst().orElseThrow());
            }
            return m;
        }
    }
}
