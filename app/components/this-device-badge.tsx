import { Badge } from "~/components/ui/badge";
import * as m from "./messages";

/** The mark of the session this browser is using (the sessions list, and its picture on the landing page). */
export function ThisDeviceBadge() {
  return <Badge tone="primary">{m.thisDevice()}</Badge>;
}
