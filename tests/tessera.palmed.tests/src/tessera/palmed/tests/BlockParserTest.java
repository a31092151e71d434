package tessera.palmed.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Set;

import org.junit.jupiter.api.Test;

import tessera.core.Diagnostics;
import tessera.palmed.model.Kernel;
import tessera.palmed.predict.BlockParser;

/** Basic blocks in AT&T and Intel syntax become the same instruction multiset (seed 000 §VI-B). */
class BlockParserTest {
    static final Set<String> IDS = Set.of("ADD_R64_R64", "ADD_R64_M64", "ADDPS_XMM_XMM", "VADDPS_YMM_YMM_YMM",
            "MOV_M64_R64", "SHL_R64_I8", "ADDSS", "BSR");

    @Test
    void attAndIntelGiveTheSameKernel() {
        String att = "loop:\n  addq %rbx, %rax   # add\n  addq 8(%rsp), %rcx\n  addps %xmm1, %xmm0\n"
                + "  vaddps %ymm2, %ymm1, %ymm0\n  movq %rax, (%rdi)\n  shlq $3, %rdx\n  addq %rbx, %rax\n";
        String intel = ".intel_syntax noprefix\nloop:\n  add rax, rbx ; add\n  add rcx, qword ptr [rsp+8]\n"
                + "  addps xmm0, xmm1\n  vaddps ymm0, ymm1, ymm2\n  mov qword ptr [rdi], rax\n  shl rdx, 3\n"
                + "  add rax, rbx\n";
        assertEquals(BlockParser.Syntax.ATT, BlockParser.detect(att));
        assertEquals(BlockParser.Syntax.INTEL, BlockParser.detect(intel));
        Diagnostics d = new Diagnostics();
        Kernel a = BlockParser.parse("a.s", att, IDS::contains, d);
        Kernel b = BlockParser.parse("b.s", intel, IDS::contains, d);
        assertEquals(0, d.size(), d.toString());
        assertEquals(Kernel.parse("ADD_R64_R64^2 ADD_R64_M64 ADDPS_XMM_XMM VADDPS_YMM_YMM_YMM MOV_M64_R64 SHL_R64_I8"), a);
        assertEquals(a, b);
    }

    @Test
    void bareMnemonicsMatchToyNames() {
        Diagnostics d = new Diagnostics();
        assertEquals(Kernel.parse("ADDSS^2 BSR"), BlockParser.parse("t.s",
                "addss %xmm1, %xmm1\naddss %xmm2, %xmm2\nbsr %rax, %rax\n", IDS::contains, d));
    }

    @Test
    void unknownInstructionIsADiagnostic() {
        Diagnostics d = new Diagnostics();
        assertNull(BlockParser.parse("u.s", "addq %rbx, %rax\nfsin\n", IDS::contains, d));
        assertEquals(2, d.list().get(0).line());
        assertEquals("instruction 'fsin' is not in the mapping", d.list().get(0).message());
    }
}
