import { menuOnDemand } from "~/components/menu-on-demand";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
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
        <CardTitle>Delete account</CardTitle>
        <CardDescription>
          Deletes everything this app keeps about you. You will be signed out everywhere.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <DeleteAccountTrigger
          {...props}
          renderTrigger={(handlers) => (
            <Button type="button" variant="destructive" {...handlers}>
              <span className="icon-[lucide--trash-2]" aria-hidden="true" />
              Delete account…
            </Button>
          )}
        />
      </CardContent>
    </Card>
  );
}
