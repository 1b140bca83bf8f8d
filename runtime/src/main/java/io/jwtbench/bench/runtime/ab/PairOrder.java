package io.jwtbench.bench.runtime.ab;

import java.util.SplittableRandom;

/**
 * How the pairs are taken. {@link Mode#SIMULTANEOUS}: both builds' runs start at one instant, so whatever
 * the machine does meanwhile hits both. {@link Mode#INTERLEAVED}: one after the other, in randomized ABBA
 * order (Abedi and Brecht 2017): pairs come in blocks of two, each block AB BA or BA AB at random, so
 * that neither a drift nor the order itself favours a build.
 */
public record PairOrder(Mode mode, long seed) {
    public enum Mode {
        SIMULTANEOUS, INTERLEAVED;

        static Mode of(String name) {
            for (Mode m : values()) {
                if (m.name().equalsIgnoreCase(name)) {
                    return m;
                }
            }
            throw new AbException("MODE must be simultaneous or interleaved, got " + name);
        }
    }

    /** Whether BASE runs first in pair {@code pair} (0-based) of an interleaved check. */
    public boolean baseFirst(int pair) {
        boolean blockStartsWithBase = new SplittableRandom(seed + 0x9E3779B97F4A7C15L * (pair / 2)).nextBoolean();
        return pair % 2 == 0 == blockStartsWithBase;
    }

    /** "AB", "BA", or "A+B" when both run at once. */
    public String label(int pair) {
        return mode == Mode.SIMULTANEOUS ? "A+B" : baseFirst(pair) ? "AB" : "BA";
    }
}
