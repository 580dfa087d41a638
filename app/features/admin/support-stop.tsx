/** `POST /admin/support/stop`: ends a support sign-in. (To be built.) */
import { data } from "react-router";

export function loader() {
  throw data(null, { status: 404, statusText: "Page Not Found" });
}

export function action() {
  throw data(null, { status: 404, statusText: "Page Not Found" });
}
