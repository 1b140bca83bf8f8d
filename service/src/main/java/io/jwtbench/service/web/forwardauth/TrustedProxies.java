package io.jwtbench.service.web.forwardauth;

import io.netty.util.NetUtil;

import java.util.ArrayList;
import java.util.List;

/**
 * The peers whose {@code X-Forwarded-*} and {@code X-Original-*} headers are believed: IP addresses and CIDR
 * ranges, IPv4 and IPv6, literals only (a host name would need DNS, which an attacker may influence). An
 * IPv4-mapped IPv6 peer ({@code ::ffff:10.0.0.1}) is matched as its IPv4 address.
 */
final class TrustedProxies {
    static final TrustedProxies NONE = new TrustedProxies(List.of());

    private record Range(byte[] network, int prefixBits) {
        boolean contains(byte[] address) {
            if (address.length != network.length) {
                return false;
            }
            int full = prefixBits / 8;
            for (int i = 0; i < full; i++) {
                if (address[i] != network[i]) {
                    return false;
                }
            }
            int rest = prefixBits % 8;
            if (rest == 0) {
                return true;
            }
            int mask = 0xff << (8 - rest) & 0xff;
            return (address[full] & mask) == (network[full] & mask);
        }
    }

    private final List<Range> ranges;

    private TrustedProxies(List<Range> ranges) {
        this.ranges = List.copyOf(ranges);
    }

    /**
     * @param property named in the message of a value that does not parse
     * @throws IllegalArgumentException naming {@code property} and the value
     */
    static TrustedProxies parse(List<String> values, String property) {
        List<Range> ranges = new ArrayList<>();
        for (String raw : values) {
            String value = raw.trim();
            if (value.isEmpty()) {
                continue;
            }
            int slash = value.indexOf('/');
            byte[] address = address(slash < 0 ? value : value.substring(0, slash));
            if (address == null) {
                throw new IllegalArgumentException(property + ": '" + value + "' is not an IP address or CIDR range"
                        + " (e.g. 10.0.0.7, 10.0.0.0/8, fd00::/8; host names are not resolved)");
            }
            int bits = address.length * 8;
            if (slash >= 0) {
                String prefix = value.substring(slash + 1);
                int parsed;
                try {
                    parsed = Integer.parseInt(prefix);
                } catch (NumberFormatException e) {
                    parsed = -1;
                }
                if (parsed < 0 || parsed > bits || !prefix.matches("[0-9]{1,3}")) {
                    throw new IllegalArgumentException(property + ": '" + value + "' has a prefix length outside 0.." + bits);
                }
                bits = parsed;
            }
            ranges.add(new Range(address, bits));
        }
        return new TrustedProxies(ranges);
    }

    boolean isEmpty() {
        return ranges.isEmpty();
    }

    /** Whether the peer at {@code hostAddress} (a literal, as a socket reports it) is trusted. */
    boolean trusts(String hostAddress) {
        if (ranges.isEmpty() || hostAddress == null) {
            return false;
        }
        byte[] address = address(hostAddress);
        if (address == null) {
            return false;
        }
        for (Range range : ranges) {
            if (range.contains(address)) {
                return true;
            }
        }
        return false;
    }

    /** The bytes of an IP literal (IPv4-mapped IPv6 as IPv4; a zone id ignored), or null if it is none. */
    private static byte[] address(String literal) {
        int zone = literal.indexOf('%');
        String bare = zone < 0 ? literal : literal.substring(0, zone);
        if (bare.startsWith("[") && bare.endsWith("]")) {
            bare = bare.substring(1, bare.length() - 1);
        }
        byte[] bytes = NetUtil.createByteArrayFromIpAddressString(bare);
        if (bytes != null && bytes.length == 16 && isIpv4Mapped(bytes)) {
            return java.util.Arrays.copyOfRange(bytes, 12, 16);
        }
        return bytes;
    }

    private static boolean isIpv4Mapped(byte[] b) {
        for (int i = 0; i < 10; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return b[10] == (byte) 0xff && b[11] == (byte) 0xff;
    }
}
