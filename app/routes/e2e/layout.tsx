import { data, type MiddlewareFunction, Outlet } from "react-router";
import { getServices } from "~/server/context.server";

/**
 * Pages the end-to-end suite uses to provoke what real pages should never do
 * (crash, force a colour mode). They exist only with `E2E_TEST_ROUTES=1`;
 * otherwise every path under `/__e2e` is the ordinary 404 page.
 */
const requireE2eRoutes: MiddlewareFunction<Response> = ({ context }) => {
  if (getServices(context).env.E2E_TEST_ROUTES !== "1") {
    throw data(null, { status: 404, statusText: "Page Not Found" });
  }
};

export const middleware = [requireE2eRoutes];

export default function E2eLayout() {
  return <Outlet />;
}
