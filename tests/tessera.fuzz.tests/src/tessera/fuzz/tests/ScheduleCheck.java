package tessera.fuzz.tests;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Independent check of {@code tessera --json modsched} (issue 22: no exit 0 with a result a verifier rejects): reads the
 * loops of the {@code .ddg} text with its own small parser (docs/modsched.md: op latency defaults to 1, an edge's to its
 * producer's, distance to 0) and checks every dependence {@code t(v) >= t(u) + latency - distance * II} of every loop
 * the JSON reports as scheduled, with arbitrary-precision arithmetic.
 */
final class ScheduleCheck {
    record Edge(String from, String to, BigInteger latency, BigInteger distance) {
    }

    record Loop(String name, Map<String, BigInteger> ops, List<Edge> edges) {
    }

    private final List<String> toks = new ArrayList<>();
    private int p;

    private ScheduleCheck(String text) {
        tokenize(text);
    }

    /** The problem the schedule JSON has against the .ddg text, or null when every reported schedule is valid. */
    static String check(String ddgText, Object json) {
        Map<String, Loop> loops;
        try {
            loops = new ScheduleCheck(ddgText).loops();
        } catch (RuntimeException e) {
            return null; // this parser does not understand the text the tool accepted: nothing to check against
        }
        if (loops == null || !(json instanceof Map<?, ?> doc) || !(doc.get("loops") instanceof List<?> list)) {
            return null;
        }
        for (Object o : list) {
            if (!(o instanceof Map<?, ?> l) || !Boolean.TRUE.equals(l.get("ok")) || !(l.get("schedule") instanceof List<?> s)) {
                continue;
            }
            Loop loop = loops.get(String.valueOf(l.get("loop")));
            if (loop == null) {
                continue;
            }
            if (!(l.get("ii") instanceof BigDecimal iiD)) {
                return "loop " + loop.name() + ": reported ok without a numeric ii";
            }
            BigInteger ii = iiD.toBigIntegerExact();
            if (ii.signum() <= 0) {
                return "loop " + loop.name() + ": ii " + ii + " is not positive";
            }
            Map<String, BigInteger> t = new HashMap<>();
            for (Object e : s) {
                if (e instanceof Map<?, ?> m && m.get("cycle") instanceof BigDecimal c) {
                    t.put(String.valueOf(m.get("op")), c.toBigIntegerExact());
                }
            }
            for (String op : loop.ops().keySet()) {
                if (!t.containsKey(op)) {
                    return "loop " + loop.name() + ": op " + op + " has no cycle in the schedule";
                }
            }
            for (Edge e : loop.edges()) {
                if (!t.containsKey(e.from()) || !t.containsKey(e.to())) {
                    continue;
                }
                BigInteger need = t.get(e.from()).add(e.latency()).subtract(e.distance().multiply(ii));
                if (t.get(e.to()).compareTo(need) < 0) {
                    return "loop " + loop.name() + ": edge " + e.from() + " -> " + e.to() + " (latency " + e.latency()
                            + ", distance " + e.distance() + ") violated at II " + ii + ": t(" + e.to() + ") = "
                            + t.get(e.to()) + " < t(" + e.from() + ") + latency - distance*II = " + need;
                }
            }
        }
        return null;
    }

    private void tokenize(String text) {
        String s = text.startsWith("\uFEFF") ? text.substring(1) : text;
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
                i++;
            } else if (s.startsWith("//", i)) {
                while (i < s.length() && s.charAt(i) != '\n' && s.charAt(i) != '\r') {
                    i++;
                }
            } else if (s.startsWith("/*", i)) {
                int e = s.indexOf("*/", i + 2);
                i = e < 0 ? s.length() : e + 2;
            } else if (Character.isLetter(c) && c < 128 || c == '_') {
                int st = i;
                while (i < s.length() && (s.charAt(i) < 128 && Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) {
                    i++;
                }
                toks.add(s.substring(st, i));
            } else if (c == '-' && i + 1 < s.length() && s.charAt(i + 1) == '>') {
                toks.add("->");
                i += 2;
            } else if ((c == '-' || c >= '0' && c <= '9')) {
                int st = i++;
                while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                    i++;
                }
                toks.add(s.substring(st, i));
            } else {
                toks.add(String.valueOf(c));
                i++;
            }
        }
    }

    private String next() {
        if (p >= toks.size()) {
            throw new IllegalStateException("end");
        }
        return toks.get(p++);
    }

    private boolean at(String t) {
        return p < toks.size() && toks.get(p).equals(t);
    }

    private void skipBraces() {
        expect("{");
        int d = 1;
        while (d > 0) {
            String t = next();
            d += t.equals("{") ? 1 : t.equals("}") ? -1 : 0;
        }
    }

    private void expect(String t) {
        if (!next().equals(t)) {
            throw new IllegalStateException("expected " + t);
        }
    }

    private Map<String, Loop> loops() {
        Map<String, Loop> loops = new LinkedHashMap<>();
        while (p < toks.size()) {
            String kw = next();
            if (kw.equals("machine")) {
                next();
                skipBraces();
            } else if (kw.equals("loop")) {
                Loop l = loop();
                if (loops.put(l.name(), l) != null) {
                    return null; // duplicate loop names: which one a JSON entry means is ambiguous
                }
            } else {
                throw new IllegalStateException("unexpected " + kw);
            }
        }
        return loops;
    }

    private Loop loop() {
        String name = next();
        expect("machine");
        next();
        expect("{");
        Map<String, BigInteger> ops = new LinkedHashMap<>();
        List<String[]> raw = new ArrayList<>();
        List<BigInteger[]> rawNums = new ArrayList<>();
        while (!at("}")) {
            String kw = next();
            if (kw.equals("op")) {
                String op = next();
                expect(":");
                next();
                BigInteger lat = BigInteger.ONE;
                if (at("latency")) {
                    next();
                    lat = new BigInteger(next());
                }
                if (at("reserve")) {
                    next();
                    skipBraces();
                }
                if (ops.put(op, lat) != null) {
                    throw new IllegalStateException("duplicate op");
                }
            } else if (kw.equals("edge")) {
                String from = next();
                expect("->");
                String to = next();
                BigInteger lat = null;
                BigInteger dist = BigInteger.ZERO;
                if (at("latency")) {
                    next();
                    lat = new BigInteger(next());
                }
                if (at("distance")) {
                    next();
                    dist = new BigInteger(next());
                }
                if (at("kind")) {
                    next();
                    next();
                }
                raw.add(new String[] {from, to});
                rawNums.add(new BigInteger[] {lat, dist});
            } else {
                throw new IllegalStateException("unexpected " + kw);
            }
        }
        expect("}");
        List<Edge> edges = new ArrayList<>();
        for (int k = 0; k < raw.size(); k++) {
            String from = raw.get(k)[0];
            BigInteger lat = rawNums.get(k)[0] != null ? rawNums.get(k)[0] : ops.get(from);
            if (lat != null) {
                edges.add(new Edge(from, raw.get(k)[1], lat, rawNums.get(k)[1]));
            }
        }
        return new Loop(name, ops, edges);
    }
}
