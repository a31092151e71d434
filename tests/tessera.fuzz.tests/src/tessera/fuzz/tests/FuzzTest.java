package tessera.fuzz.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Issue 22 item 4 in CI: {@link Fuzzer#cases()} fuzzed cases per language (default 10,000; {@code TESSERA_FUZZ_CASES}
 * or {@code -Dtessera.fuzz.cases}), seed {@code TESSERA_FUZZ_SEED} (default 22, printed). Prints
 * {@code fuzz: LANG N cases, F failures, T s} per language; fails with the first 20 failures.
 */
class FuzzTest {
    static final long DEFAULT_SEED = 22;

    @TestFactory
    Stream<DynamicTest> everyLanguage() {
        Fuzzer fuzzer = Fuzzer.forCheckout();
        int cases = Fuzzer.cases();
        long seed = (long) Fuzzer.setting("tessera.fuzz.seed", DEFAULT_SEED);
        return Languages.NAMES.stream().map(lang -> DynamicTest.dynamicTest("fuzz " + lang, () -> {
            Fuzzer.Report r = fuzzer.run(lang, cases, seed);
            System.out.println(r.summary());
            assertEquals(0, r.failureCount(), () -> r.details(20, fuzzer.failuresDir()));
            assertEquals(cases, r.run(), "cases run");
        }));
    }
}
