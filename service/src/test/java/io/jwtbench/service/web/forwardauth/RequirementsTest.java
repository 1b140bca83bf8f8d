package io.jwtbench.service.web.forwardauth;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RequirementsTest {

    @Test
    void everyNameRepeatsAndScopeTakesASpaceSeparatedList() {
        Requirements r = Requirements.parse("aud=orders&aud=billing&scope=read%20write&scope=admin+audit&role=r&group=%2Fstaff&issuer=kc");
        assertNull(r.problem());
        assertEquals(List.of("orders", "billing"), r.audiences());
        assertEquals(List.of("read", "write", "admin", "audit"), r.scopes());
        assertEquals(List.of("r"), r.roles());
        assertEquals(List.of("/staff"), r.groups());
        assertEquals(List.of("kc"), r.issuers());
    }

    @Test
    void noQueryIsNoRequirementAndEmptyPairsAreSkipped() {
        assertSame(Requirements.NONE, Requirements.of(null));
        assertSame(Requirements.NONE, Requirements.of(""));
        assertTrue(Requirements.parse("&&").none());
        assertEquals(List.of("x"), Requirements.parse("&role=x&").roles());
    }

    @Test
    void anythingElseIsAProblemNamingIt() {
        assertTrue(Requirements.parse("scopes=read").problem().startsWith("unknown requirement 'scopes'"));
        assertTrue(Requirements.parse("scope=").problem().contains("has no value"));
        assertTrue(Requirements.parse("scope= ").problem().contains("has no value"));
        assertTrue(Requirements.parse("role").problem().contains("has no value"));
        assertTrue(Requirements.parse("aud=%zz").problem().contains("not URL-encoded"));
        assertTrue(Requirements.parse("x".repeat(500) + "=1").problem().contains("..."), "an attacker's name is bounded");
    }

    @Test
    void parsedOncePerDistinctString() {
        assertSame(Requirements.of("role=cached"), Requirements.of("role=cached"));
    }
}
