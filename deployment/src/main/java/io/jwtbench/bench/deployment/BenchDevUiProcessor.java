package io.jwtbench.bench.deployment;

import io.quarkus.deployment.IsDevelopment;
import io.quarkus.deployment.annotations.BuildStep;
import io.quarkus.deployment.builditem.LaunchModeBuildItem;
import io.quarkus.devui.spi.page.CardPageBuildItem;
import io.quarkus.devui.spi.page.Page;
import io.quarkus.vertx.http.deployment.NonApplicationRootPathBuildItem;
import io.quarkus.vertx.http.runtime.management.ManagementInterfaceBuildTimeConfig;

/**
 * The bench's card in Dev UI ({@code ./mvnw quarkus:dev}, then {@code /q/dev-ui}): one page that starts a run
 * from a form, follows it live, links its HTML report and holds two runs against each other. The page is a
 * client of the bench's own HTTP API ({@code dev-ui/qwc-bench-runs.js}), the API ops use: no second way in.
 */
class BenchDevUiProcessor {

    @BuildStep(onlyIf = IsDevelopment.class)
    CardPageBuildItem card(NonApplicationRootPathBuildItem paths, ManagementInterfaceBuildTimeConfig management,
            LaunchModeBuildItem launchMode) {
        CardPageBuildItem card = new CardPageBuildItem();
        // a path on the application's port; a URL when the bench is on the management interface
        card.addBuildTimeData("benchRoot", paths.resolveManagementPath("bench", management, launchMode));
        card.addPage(Page.webComponentPageBuilder().title("Bench runs").componentLink("qwc-bench-runs.js")
                .icon("font-awesome-solid:gauge-high"));
        return card;
    }
}
