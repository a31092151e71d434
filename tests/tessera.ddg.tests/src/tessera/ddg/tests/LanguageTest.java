package tessera.ddg.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import tessera.core.Diagnostic;
import tessera.ddg.convert.DdgLoader;
import tessera.modsched.examples.Examples;
import tessera.modsched.gen.RandomLoopGenerator;
import tessera.modsched.io.DdgWriter;
import tessera.modsched.io.LoopJson;
import tessera.modsched.model.Loop;

/** Parsing, conversion to the engine's Loop, every validation rule (message and token), formatting. */
class LanguageTest {

    @Test
    void bundledExamplesEqualTheEngineFixtures() {
        for (String[] ex : new String[][] { { "motivating.ddg", "m" }, { "recurrence.ddg", "r" } }) {
            DdgLoader.Result r = DdgLoader.load(Examples.text(ex[0]), ex[0]);
            assertTrue(r.ok(), r.diagnostics().toString());
            assertEquals(1, r.loops().size());
            Loop prog = ex[1].equals("m") ? Examples.motivating() : Examples.recurrence();
            assertEquals(LoopJson.write(prog), LoopJson.write(r.loops().get(0)), ex[0]);
        }
    }

    /** The user-facing copies under examples/modsched (the Studio example project) parse and equal the fixtures. */
    @Test
    void examplesFolderFilesParse() throws Exception {
        java.nio.file.Path dir = java.nio.file.Path.of(System.getProperty("user.dir")).toAbsolutePath();
        while (dir != null && !java.nio.file.Files.isDirectory(dir.resolve("examples/modsched"))) {
            dir = dir.getParent();
        }
        assertNotNull(dir, "examples/modsched above " + System.getProperty("user.dir"));
        List<java.nio.file.Path> files;
        try (var s = java.nio.file.Files.list(dir.resolve("examples/modsched"))) {
            files = s.filter(p -> p.toString().endsWith(".ddg")).sorted().toList();
        }
        assertEquals(List.of("motivating.ddg", "recurrence.ddg"),
                files.stream().map(p -> p.getFileName().toString()).toList());
        for (java.nio.file.Path f : files) {
            DdgLoader.Result r = DdgLoader.load(java.nio.file.Files.readString(f), f.toString());
            assertTrue(r.ok() && r.diagnostics().isEmpty(), f + ": " + r.diagnostics());
            assertEquals(LoopJson.write(f.toString().endsWith("motivating.ddg") ? Examples.motivating()
                    : Examples.recurrence()), LoopJson.write(r.loops().get(0)), f.toString());
        }
    }

    @Test
    void writerOutputReadsBackAsTheSameLoop() {
        RandomLoopGenerator gen = new RandomLoopGenerator(7, RandomLoopGenerator.Profile.PERFECT_CLUB, 5, 60);
        for (int i = 0; i < 200; i++) {
            Loop loop = gen.next();
            DdgLoader.Result r = DdgLoader.load(DdgWriter.write(loop), "x.ddg");
            assertTrue(r.ok(), r.diagnostics() + " seed 7 #" + i);
            assertEquals(LoopJson.write(loop), LoopJson.write(r.loops().get(0)), "seed 7 #" + i);
        }
    }

    @Test
    void syntaxOfTheDocsWithEveryOptionalPart() {
        String text = """
                machine simple {
                  resource alu count 2 pipelined
                  resource mul count 1 pipelined
                  resource div count 1 busy 4        // non-pipelined: busy for 4 cycles
                  issue 3
                }
                /* a block
                   comment */
                loop example machine simple {
                  op n1 : alu latency 1
                  op n2 : mul latency 3
                  op n3 : div latency 8 reserve { div@0..3, alu@1 }   // explicit reservation pattern
                  op n4 : alu
                  edge n1 -> n2 latency 1 distance 0
                  edge n2 -> n1 distance 1                     // latency defaults to the producer's latency
                  edge n2 -> n3 latency 0 kind anti
                  edge n3 -> n4 kind memory
                }
                """;
        DdgLoader.Result r = DdgLoader.load(text, "s.ddg");
        assertTrue(r.ok(), r.diagnostics().toString());
        Loop l = r.loops().get(0);
        assertEquals(3, l.machine().issueWidth());
        assertEquals(4, l.machine().resource(l.machine().resourceIndex("div")).busy());
        assertEquals(3, l.dependence(1).latency());
        assertEquals(1, l.dependence(1).distance());
        assertEquals(0, l.dependence(2).latency());
        assertEquals("anti", l.dependence(2).kind().word());
        assertEquals(8, l.dependence(3).latency(), "producer n3's latency");
        assertEquals(1, l.op(3).latency(), "default latency");
        assertEquals(4 + 1 + 1, l.op(2).reservation().totalCycles(), "div@0..3, alu@1 and the issue slot");
    }

    private static final String MACHINE = "machine m {\n  resource alu count 2\n}\n";

    /** The single diagnostic with this message; checks its line, column and the token it covers. */
    private static Diagnostic expect(String text, String message, int line, String token) {
        List<Diagnostic> ds = DdgLoader.load(text, "bad.ddg").diagnostics().list();
        Diagnostic d = ds.stream().filter(x -> x.message().equals(message)).findFirst().orElse(null);
        assertNotNull(d, "expected '" + message + "' in " + ds);
        assertTrue(d.isError(), d.toString());
        assertEquals(line, d.line(), d.toString());
        assertEquals(token, text.substring(d.offset(), d.offset() + d.length()), d.toString());
        int lineStart = text.lastIndexOf('\n', d.offset() - 1) + 1;
        assertEquals(d.offset() - lineStart + 1, d.column(), d.toString());
        return d;
    }

    private static String loop(String body) {
        return MACHINE + "loop l machine m {\n" + body + "}\n";
    }

    @Test
    void unknownNamesAreReportedOnTheName() {
        Diagnostic d = expect(loop("  op a : fpu\n"), "unknown resource 'fpu' for operation 'a'", 5, "fpu");
        assertEquals("machine m declares [alu]", d.hint());
        expect(loop("  op a : alu reserve { alu@0, fpu@1 }\n"), "unknown resource 'fpu' in the reservation of 'a'", 5,
                "fpu");
        expect(loop("  op a : alu\n  edge a -> c\n"), "unknown operation 'c' in edge", 6, "c");
        expect(loop("  op a : alu\n  edge zz -> a\n"), "unknown operation 'zz' in edge", 6, "zz");
        Diagnostic m = expect("loop l machine nope {\n  op a : alu\n}\n", "unknown machine 'nope'", 1, "nope");
        assertEquals(1, DdgLoader.load("loop l machine nope {\n  op a : alu\n}\n", "x").diagnostics().size(),
                "the resource of a loop without machine is not reported again");
        assertEquals("declare it with 'machine nope { ... }' in this file", m.hint());
    }

    @Test
    void duplicatesAreReportedOnTheSecondName() {
        expect(loop("  op a : alu\n  op a : alu\n"), "operation 'a' is declared twice", 6, "a");
        expect(MACHINE + "machine m {\n  resource x count 1\n}\n", "machine 'm' is declared twice", 4, "m");
        expect(MACHINE + "loop l machine m { }\nloop l machine m { }\n", "loop 'l' is declared twice", 5, "l");
        expect("machine m {\n  resource x count 1\n  resource x count 2\n}\n", "resource 'x' is declared twice", 3,
                "x");
    }

    @Test
    void numbersOutOfRangeAreReportedOnTheNumber() {
        expect(loop("  op a : alu\n  op b : alu\n  edge a -> b distance -1\n"),
                "negative iteration distance -1 on edge a -> b", 7, "-1");
        expect("machine m {\n  resource x count 0\n}\n", "resource 'x' has count 0", 2, "0");
        expect("machine m {\n  resource x count 1 busy 0\n}\n", "resource 'x' is busy for 0 cycles", 2, "0");
        expect("machine m {\n  issue -2\n}\n", "negative issue width -2", 2, "-2");
        expect(loop("  op a : alu reserve { alu@-1 }\n"), "negative cycle offset -1 in the reservation of 'a'", 5,
                "-1");
        expect(loop("  op a : alu reserve { alu@3..1 }\n"), "empty offset range 3..1", 5, "1");
        expect(loop("  op a : alu reserve { alu@0..2, alu@2 }\n"), "'a' reserves alu@2 twice", 5, "alu");
        expect(loop("  op a : alu latency 99999999999\n"), "the number 99999999999 does not fit in 32 bits (-2147483648 to 2147483647); latencies and distances are 0..100,000 (docs/modsched.md)", 5, "99999999999");
    }

    @Test
    void zeroDistanceCycleIsReportedOnAnEdgeOfTheCycle() {
        expect(loop("  op a : alu latency 2\n  edge a -> a\n"),
                "loop 'l' has a dependence cycle with distance 0 and positive latency (e.g. through a -> a)", 6,
                "edge a -> a");
        String text = loop("  op a : alu\n  op b : alu\n  op c : alu\n  edge a -> b\n  edge b -> c\n  edge c -> b\n");
        expect(text, "loop 'l' has a dependence cycle with distance 0 and positive latency (e.g. through b -> c)", 9,
                "edge b -> c");
        // zero or negative latency around the cycle is fine, and so is a distance on it
        assertTrue(DdgLoader.load(loop("  op a : alu\n  op b : alu\n  edge a -> b latency 0\n  edge b -> a latency 0\n"),
                "ok.ddg").ok());
        assertTrue(DdgLoader.load(loop("  op a : alu\n  op b : alu\n  edge a -> b\n  edge b -> a distance 1\n"),
                "ok.ddg").ok());
    }

    @Test
    void theEngineBuilderAgreesWithTheValidator() {
        // the same message as Loop.Builder gives for the same loop built programmatically
        tessera.modsched.model.Machine m = tessera.modsched.model.Machine.builder("m").pipelined("alu", 2).build();
        Loop.Builder b = Loop.builder("l", m);
        b.op("a", "alu", 1);
        b.op("a", "alu", 1);
        tessera.core.Diagnostics d = new tessera.core.Diagnostics();
        b.build(d);
        expect(loop("  op a : alu\n  op a : alu\n"), d.list().get(0).message(), 6, "a");
    }

    @Test
    void syntaxErrorsSpeakTheLanguageOfTheDocs() {
        expect(loop("  op latency : alu\n"), "'latency' is a keyword and cannot be used as a name", 5, "latency");
        List<Diagnostic> ds = DdgLoader.load(loop("  op b : alu latency x\n"), "bad.ddg").diagnostics().list();
        assertFalse(ds.isEmpty());
        assertEquals(5, ds.get(0).line(), ds.toString());
        assertFalse(ds.get(0).message().contains("RULE_"), ds.toString());
        ds = DdgLoader.load("machine m { resource alu count 1 \n", "bad.ddg").diagnostics().list();
        assertTrue(ds.get(0).message().contains("end of the file"), ds.toString());
        ds = DdgLoader.load("machine m { resource alu count 1 } /* open", "bad.ddg").diagnostics().list();
        assertFalse(ds.isEmpty(), "unterminated comment");
        assertEquals(1, ds.get(0).line());
    }

    @Test
    void formatterLaysOutTheDocsStyleAndKeepsTheLoop() {
        String messy = "machine   m{resource alu count 2 pipelined resource div count 1 busy 3}"
                + "loop l machine m{op a:alu latency 2 reserve{alu@0 ,  div@0 .. 2}\nop b : alu edge a->b distance 1 kind anti}";
        String formatted = DdgLoader.format(messy, "  ");
        assertEquals("""
                machine m {
                  resource alu count 2 pipelined
                  resource div count 1 busy 3
                }

                loop l machine m {
                  op a : alu latency 2 reserve { alu@0, div@0..2 }
                  op b : alu
                  edge a -> b distance 1 kind anti
                }
                """, formatted);
        assertEquals(formatted, DdgLoader.format(formatted, "  "), "idempotent");
        for (String ex : List.of("motivating.ddg", "recurrence.ddg")) {
            String text = Examples.text(ex);
            String f = DdgLoader.format(text, "  ");
            assertTrue(f.contains("// Seed 002"), "comments are kept");
            assertEquals(LoopJson.write(DdgLoader.load(text, ex).loops().get(0)),
                    LoopJson.write(DdgLoader.load(f, ex).loops().get(0)), ex);
        }
    }
}
