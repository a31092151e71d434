package tessera.fuzz.tests;

import java.util.List;

/**
 * The fuzzer from a shell, for whoever fixes what it finds:
 * <pre>
 * cd /work/main &amp;&amp; JTEST_MAIN=tessera.fuzz.tests.FuzzMain dev/jtest-tcpa tessera.fuzz -- LANG CASES SEED
 * </pre>
 * LANG is one of {@link Languages#NAMES} or {@code all}; CASES defaults to 500, SEED to 1. Prints per language the
 * summary line, the counts by failure kind and the first 20 failures (command line, what failed, first stderr line);
 * failing cases go to {@code tests/tessera.fuzz.tests/target/fuzz-failures/}. Exit code 1 when any case failed.
 */
public final class FuzzMain {
    private FuzzMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0 || args[0].equals("--help")) {
            System.out.println("usage: FuzzMain LANG|all [CASES=500] [SEED=1]   LANG: " + Languages.NAMES);
            System.exit(args.length == 0 ? 2 : 0);
        }
        List<String> langs = args[0].equals("all") ? Languages.NAMES : List.of(args[0].split(","));
        int cases = args.length > 1 ? Integer.parseInt(args[1]) : 500;
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 1;
        Fuzzer fuzzer = Fuzzer.forCheckout();
        int failed = 0;
        StringBuilder summaries = new StringBuilder();
        for (String lang : langs) {
            Fuzzer.Report r = fuzzer.run(lang, cases, seed);
            System.out.print(r.details(20, fuzzer.failuresDir()));
            System.out.flush();
            summaries.append(r.summary()).append('\n');
            failed += r.failureCount();
        }
        if (langs.size() > 1) {
            System.out.print(summaries);
        }
        System.exit(failed == 0 ? 0 : 1);
    }
}
