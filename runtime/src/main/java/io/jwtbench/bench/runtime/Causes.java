package io.jwtbench.bench.runtime;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** An exception and its causes in words, for an error that a user reads (a pod's row, an A/B check's last line). */
public final class Causes {

    private Causes() {
    }

    /**
     * "ConnectException, caused by ClosedChannelException": each exception's class and what it says, outermost first. A
     * future's wrapper says nothing of its own and is left out; so is a message that only repeats the cause
     * ({@code new RuntimeException(cause)}); the JDK's HTTP client often wraps what the socket said in a copy of it (same
     * class, same words), which is said once; and a cause that repeats the words before it gives only its class.
     */
    public static String inWords(Throwable e) {
        Throwable first = e;
        while ((first instanceof CompletionException || first instanceof ExecutionException) && first.getCause() != null) {
            first = first.getCause();
        }
        StringBuilder words = new StringBuilder();
        String said = null;
        Throwable previous = null;
        int depth = 0;
        for (Throwable t = first; t != null && t != previous && depth < MAX_DEPTH; previous = t, t = t.getCause(), depth++) {
            String own = ownWords(t);
            boolean nothingNew = own == null || own.equals(said);
            if (previous != null && t.getClass() == previous.getClass() && nothingNew) {
                continue;
            }
            words.append(previous == null ? "" : ", caused by ").append(t.getClass().getSimpleName());
            if (!nothingNew) {
                words.append(": ").append(own);
                said = own;
            }
        }
        return words.toString();
    }

    /** A chain longer than this is cut: the words are for a line in a report, and a cause chain can loop. */
    private static final int MAX_DEPTH = 10;

    private static String ownWords(Throwable t) {
        String message = t.getMessage();
        boolean onlyTheCause = t.getCause() != null && String.valueOf(t.getCause()).equals(message);
        return onlyTheCause ? null : message;
    }
}
