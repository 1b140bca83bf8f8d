import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * What a JSON body costs once Jackson has parsed it into a tree, per byte of body and per item, for arrays of
 * 300,000 small items: why the bench's POST routes cap JSON tokens and not only bytes (api/Replies). Run with
 * Jackson's jars, e.g. from the build's local repository:
 *   M=~/.m2/repository/com/fasterxml/jackson/core; V=2.22.0
 *   java -cp $M/jackson-databind/$V/jackson-databind-$V.jar:$M/jackson-core/$V/jackson-core-$V.jar:$M/jackson-annotations/2.22/jackson-annotations-2.22.jar \
 *        scripts/perf/JsonTreeHeap.java
 */
public class JsonTreeHeap {
    public static void main(String[] args) throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        int n = 300_000;
        for (String item : new String[] { "{}", "[]", "0", "\"x\"", "{\"a\":1}" }) {
            StringBuilder s = new StringBuilder("[");
            for (int i = 0; i < n; i++) {
                s.append(i > 0 ? "," : "").append(item);
            }
            String body = s.append(']').toString();
            long before = heapAfterGc();
            JsonNode tree = mapper.readTree(body);
            long held = heapAfterGc() - before;
            System.out.printf("%-8s %8d bytes of body, %9d of tree: %5.1f bytes of tree a byte, %4.0f an item (%d items)%n",
                    item, body.length(), held, held / (double) body.length(), held / (double) n, tree.size());
        }
    }

    static long heapAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        Runtime r = Runtime.getRuntime();
        return r.totalMemory() - r.freeMemory();
    }
}
