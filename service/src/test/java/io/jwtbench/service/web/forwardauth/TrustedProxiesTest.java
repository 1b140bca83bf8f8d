package io.jwtbench.service.web.forwardauth;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TrustedProxiesTest {

    @Test
    void addressesAndRangesOfBothFamilies() {
        TrustedProxies p = TrustedProxies.parse(List.of("10.0.0.5", " 192.168.0.0/16 ", "fd00::/8", "2001:db8::1", "172.16.0.0/12"), "p");
        for (String yes : List.of("10.0.0.5", "192.168.255.1", "fd12:3456::1", "2001:db8:0:0:0:0:0:1", "172.31.255.255", "::ffff:10.0.0.5")) {
            assertTrue(p.trusts(yes), yes);
        }
        for (String no : List.of("10.0.0.6", "192.169.0.1", "fe80::1", "2001:db8::2", "172.32.0.0", "127.0.0.1", "not-an-address")) {
            assertFalse(p.trusts(no), no);
        }
        assertFalse(p.trusts(null));
    }

    @Test
    void aZeroPrefixTrustsTheWholeFamilyOnlyAndNothingIsTrustedByDefault() {
        TrustedProxies all4 = TrustedProxies.parse(List.of("0.0.0.0/0"), "p");
        assertTrue(all4.trusts("203.0.113.9"));
        assertFalse(all4.trusts("2001:db8::1"));
        assertFalse(TrustedProxies.NONE.trusts("127.0.0.1"));
        assertTrue(TrustedProxies.parse(List.of("", " "), "p").isEmpty());
    }
}
