package tessera.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import tessera.core.cli.Args;
import tessera.core.cli.UsageException;

class ArgsTest {
    private static Args parse(String... w) {
        return Args.parse(List.of(w), Set.of("dot", "trace"), Set.of("param", "algo", "out"));
    }

    @Test
    void positionalFlagsAndValues() {
        Args a = parse("file.pla", "--dot", "--param", "N=16", "--param=M=4,K=2", "--algo", "sms");
        assertEquals(List.of("file.pla"), a.positional());
        assertTrue(a.flag("dot"));
        assertFalse(a.flag("trace"));
        assertEquals("sms", a.option("algo").orElseThrow());
        assertEquals(Map.of("N", "16", "M", "4", "K", "2"), a.keyValues("param"));
    }

    @Test
    void doubleDashEndsOptions() {
        assertEquals(List.of("--dot"), parse("--", "--dot").positional());
    }

    @Test
    void usageErrorsNameTheProblem() {
        assertEquals("unknown option --dto", assertThrows(UsageException.class, () -> parse("--dto")).getMessage());
        assertEquals("option --algo needs a value", assertThrows(UsageException.class, () -> parse("--algo")).getMessage());
        assertEquals("option --dot takes no value", assertThrows(UsageException.class, () -> parse("--dot=1")).getMessage());
        assertEquals("--param expects NAME=VALUE, got 'N'",
                assertThrows(UsageException.class, () -> parse("--param", "N").keyValues("param")).getMessage());
        assertEquals("--out expects a whole number, got 'x'",
                assertThrows(UsageException.class, () -> parse("--out", "x").intOption("out", 1)).getMessage());
        assertEquals("missing input file",
                assertThrows(UsageException.class, () -> parse().positional(0, "input file")).getMessage());
        assertEquals("unexpected argument 'b'",
                assertThrows(UsageException.class, () -> parse("a", "b").expectPositional(1)).getMessage());
    }
}
