package io.jwtbench.service.web;

import java.util.List;
import java.util.ArrayList;

import io.vertx.ext.web.Route;
import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/** The application's main Vert.x router, as Quarkus hands it to observers at start-up: what is really registered. */
@ApplicationScoped
public class RegisteredRoutes {
    private volatile Router router;

    void keep(@Observes Router router) {
        this.router = router;
    }

    /**
     * The full paths of every route registered, sub-routers included (the non-application routes sit
     * in one mounted at {@code /q/}), in Vert.x form: {@code /q/bench/runs/:id}.
     */
    List<String> paths() {
        List<String> paths = new ArrayList<>();
        collect("", router, paths);
        return paths.stream().distinct().toList();
    }

    private static void collect(String mount, Router router, List<String> into) {
        for (Route route : router.getRoutes()) {
            String path = route.getPath();
            if (path == null) {
                continue;
            }
            String full = (mount.endsWith("/") && path.startsWith("/") ? mount.substring(0, mount.length() - 1) : mount) + path;
            if (route.getSubRouter() != null) {
                collect(full, route.getSubRouter(), into);
            } else {
                into.add(full);
            }
        }
    }
}
