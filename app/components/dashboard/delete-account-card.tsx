import { menuOnDemand } from "~/components/menu-on-demand";
import * as m from "~/components/messages";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import Trash2Icon from "~icons/lucide/trash-2";
import type { DeleteAccountProps } from "./delete-account-dialog";

// The confirmation dialog (Radix) loads on first use, like the header's menus.
const DeleteAccountTrigger = menuOnDemand<DeleteAccountProps>(
  () => import("./delete-account-dialog"),
  "dialog",
);

/** The way out: deletes the account after a confirmation. */
export function DeleteAccountCard(props: DeleteAccountProps) {
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>{m.dangerZone()}</CardTitle>
        <CardDescription>{m.dangerZoneDescription()}</CardDescription>
      </CardHeader>
      <CardContent>
        <DeleteAccountTrigger
          {...props}
          renderTrigger={(handlers) => (
            <Button type="button" variant="destructive-outline" {...handlers}>
              <Trash2Icon />
              {m.deleteAccount()}
            </Button>
          )}
        />
      </CardContent>
    </Card>
  );
}
