package tessera.palmed.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import tessera.core.Diagnostic;
import tessera.core.Diagnostics;

/** Text and JSON forms of a {@link ResourceMapping}; reading reports line-numbered diagnostics (null on error). */
public final class MappingIO {
    private MappingIO() {
    }

    public static JsonObject toJson(ResourceMapping m) {
        JsonObject o = new JsonObject();
        o.addProperty("name", m.name());
        JsonArray rs = new JsonArray();
        m.resources().forEach(rs::add);
        o.add("resources", rs);
        JsonObject is = new JsonObject();
        m.rho().forEach((i, row) -> {
            JsonObject r = new JsonObject();
            row.forEach(r::addProperty);
            is.add(i, r);
        });
        o.add("instructions", is);
        JsonObject sat = new JsonObject();
        m.saturating().forEach((r, k) -> sat.addProperty(r, k.key()));
        o.add("saturating", sat);
        return o;
    }

    /** Reads either form: JSON when the text starts with '{', else the text form of {@link ResourceMapping#toText}. */
    public static ResourceMapping parse(String file, String text, Diagnostics diags) {
        return text.stripLeading().startsWith("{") ? parseJson(file, text, diags) : parseText(file, text, diags);
    }

    public static ResourceMapping parseJson(String file, String text, Diagnostics diags) {
        try {
            JsonObject o = JsonParser.parseString(text).getAsJsonObject();
            String name = o.has("name") ? o.get("name").getAsString() : PortMappingParser.baseName(file);
            List<String> res = new ArrayList<>();
            for (JsonElement e : o.getAsJsonArray("resources")) {
                res.add(e.getAsString());
            }
            Map<String, Map<String, Double>> rho = new LinkedHashMap<>();
            for (Map.Entry<String, JsonElement> e : o.getAsJsonObject("instructions").entrySet()) {
                Map<String, Double> row = new LinkedHashMap<>();
                for (Map.Entry<String, JsonElement> w : e.getValue().getAsJsonObject().entrySet()) {
                    if (!res.contains(w.getKey())) {
                        diags.add(Diagnostic.error(file, 0, "instruction " + e.getKey() + " uses undeclared resource "
                                + w.getKey(), "list it in \"resources\""));
                        return null;
                    }
                    double weight = w.getValue().getAsDouble();
                    if (!(weight >= 0) || Double.isInfinite(weight)) {
                        diags.add(Diagnostic.error(file, 0, "instruction " + e.getKey() + ": bad weight " + weight
                                + " for " + w.getKey(), "weights are finite non-negative numbers"));
                        return null;
                    }
                    row.put(w.getKey(), weight);
                }
                rho.put(e.getKey(), row);
            }
            Map<String, Kernel> sat = new LinkedHashMap<>();
            if (o.has("saturating")) {
                for (Map.Entry<String, JsonElement> e : o.getAsJsonObject("saturating").entrySet()) {
                    sat.put(e.getKey(), Kernel.parse(e.getValue().getAsString()));
                }
            }
            return new ResourceMapping(name, res, rho, sat);
        } catch (RuntimeException | StackOverflowError e) {
            diags.add(tessera.core.cli.Json.parseError(file, e, "not a valid JSON resource mapping: ",
                    "expected {\"resources\": [...], \"instructions\": {\"ADDSS\": {\"r01\": 0.5}}}"));
            return null;
        }
    }

    /** An error at {@code line:column} (issue 22: every diagnostic of an input names its position). */
    private static Diagnostic at(String file, int line, int column, String message, String hint) {
        return new Diagnostic(tessera.core.Severity.ERROR, file, line, column, -1, 0, message, hint, "");
    }

    public static ResourceMapping parseText(String file, String text, Diagnostics diags) {
        String name = PortMappingParser.baseName(file);
        List<String> res = null;
        Map<String, Map<String, Double>> rho = new LinkedHashMap<>();
        Map<String, Kernel> sat = new LinkedHashMap<>();
        int errorsBefore = (int) diags.count(tessera.core.Severity.ERROR);
        for (PortMappingParser.ContentLine cl : PortMappingParser.contentLines(text)) {
            int ln = cl.number();
            String line = cl.text();
            if (line.startsWith("mapping ")) {
                name = line.substring(8).strip();
                continue;
            }
            if (line.startsWith("resources")) {
                res = new ArrayList<>(List.of(line.substring(9).strip().split("\\s+")));
                continue;
            }
            int colon = line.indexOf(':');
            if (colon < 0) {
                diags.add(at(file, ln, cl.column(), "expected 'INSTR: r=w ...', 'resources ...' or 'sat r: kernel'",
                        "e.g. ADDSS: r01=1/2 r016=1/3"));
                continue;
            }
            String head = line.substring(0, colon).strip();
            String rest = line.substring(colon + 1).strip();
            if (head.startsWith("sat ")) {
                try {
                    sat.put(head.substring(4).strip(), Kernel.parse(rest));
                } catch (RuntimeException e) {
                    diags.add(at(file, ln, cl.column(), "bad saturating kernel '" + rest + "'", "e.g. ADDSS^2 JNLE^2"));
                }
                continue;
            }
            if (res == null) {
                diags.add(at(file, ln, cl.column(), "instruction line before the 'resources' line",
                        "start the file with: resources r0 r1 ..."));
                continue;
            }
            Map<String, Double> row = new LinkedHashMap<>();
            for (String tok : rest.isEmpty() ? new String[0] : rest.split("\\s+")) {
                int eq = tok.indexOf('=');
                if (eq <= 0) {
                    diags.add(at(file, ln, cl.column(), "expected RESOURCE=WEIGHT, got '" + tok + "'", "e.g. r01=1/2"));
                    continue;
                }
                String r = tok.substring(0, eq);
                if (!res.contains(r)) {
                    diags.add(at(file, ln, cl.column(), "unknown resource '" + r + "'", "declare it on the resources line"));
                    continue;
                }
                try {
                    double w = Rational.parse(tok.substring(eq + 1));
                    if (w < 0 || Double.isNaN(w) || Double.isInfinite(w)) {
                        throw new NumberFormatException();
                    }
                    row.put(r, w);
                } catch (NumberFormatException e) {
                    diags.add(at(file, ln, cl.column(), "bad weight '" + tok.substring(eq + 1) + "'",
                            "weights are non-negative numbers or fractions like 1/3"));
                }
            }
            if (rho.containsKey(head)) {
                diags.add(at(file, ln, cl.column(), "instruction " + head + " is defined twice", ""));
            }
            rho.put(head, row);
        }
        if (res == null && diags.count(tessera.core.Severity.ERROR) == errorsBefore) {
            diags.add(at(file, 1, 1, "no 'resources' line", "start the file with: resources r0 r1 ..."));
        }
        if (diags.count(tessera.core.Severity.ERROR) > errorsBefore) {
            return null;
        }
        return new ResourceMapping(name, res, rho, sat);
    }
}
