package io.jwtbench.bench.runtime.ab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Randomized ABBA: every block of two pairs is AB BA or BA AB, each about as often, reproducible from the seed. */
class PairOrderTest {

    @Test
    void everyBlockHasBothOrdersAndTheBlocksOrderIsAFairCoin() {
        int blocksStartingWithBase = 0;
        int blocks = 0;
        for (long seed = 0; seed < 50; seed++) {
            PairOrder order = new PairOrder(PairOrder.Mode.INTERLEAVED, seed);
            for (int pair = 0; pair < 40; pair += 2) {
                assertNotEquals(order.baseFirst(pair), order.baseFirst(pair + 1), "seed " + seed + ", block at " + pair);
                blocksStartingWithBase += order.baseFirst(pair) ? 1 : 0;
                blocks++;
            }
        }
        double share = (double) blocksStartingWithBase / blocks;
        assertEquals(0.5, share, 4 * Math.sqrt(0.25 / blocks), "share of ABBA blocks " + share);
    }

    @Test
    void theSameSeedGivesTheSameOrderAndAnotherAnother() {
        PairOrder a = new PairOrder(PairOrder.Mode.INTERLEAVED, 7);
        PairOrder same = new PairOrder(PairOrder.Mode.INTERLEAVED, 7);
        StringBuilder x = new StringBuilder();
        StringBuilder y = new StringBuilder();
        StringBuilder z = new StringBuilder();
        PairOrder other = new PairOrder(PairOrder.Mode.INTERLEAVED, 8);
        for (int pair = 0; pair < 40; pair++) {
            x.append(a.label(pair));
            y.append(same.label(pair));
            z.append(other.label(pair));
        }
        assertEquals(x.toString(), y.toString());
        assertNotEquals(x.toString(), z.toString());
        assertTrue(x.toString().matches("((ABBA)|(BAAB))+"), x.toString());
        assertEquals("A+B", new PairOrder(PairOrder.Mode.SIMULTANEOUS, 7).label(3));
    }
}
