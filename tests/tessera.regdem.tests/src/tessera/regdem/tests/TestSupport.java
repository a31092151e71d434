package tessera.regdem.tests;

import tessera.regdem.examples.Examples;
import tessera.regdem.sass.SassDocument;
import tessera.regdem.sass.SassParser;
import tessera.regdem.sass.SassProgram;

import static org.junit.jupiter.api.Assertions.assertFalse;

/** Helpers shared by the RegDem tests. */
final class TestSupport {
    private TestSupport() {
    }

    static SassProgram parse(String text) {
        SassDocument d = SassParser.parse("test.sass", text);
        assertFalse(d.diagnostics().hasErrors(), () -> d.diagnostics().toString());
        return d.program();
    }

    static SassProgram example(String name) {
        return parse(Examples.text(name));
    }

    /** A minimal maxas listing around the given instruction lines. */
    static String kernel(String... code) {
        StringBuilder sb = new StringBuilder("# Kernel: t\n# Arch: sm_52\n# SharedSize: 0\n\n<CONSTANT_MAPPING>\n"
                + "{\"blockDimX\":\"c[0x0][0x8]\",\"param_0\":\"c[0x0][0x140]\"}\n</CONSTANT_MAPPING>\n\n");
        for (String c : code) {
            sb.append(c).append('\n');
        }
        return sb.toString();
    }
}
