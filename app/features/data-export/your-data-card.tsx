import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ACTIVITY_RETENTION_DAYS } from "~/lib/constants";
import FileDownIcon from "~icons/lucide/file-down";
import * as m from "./messages";

/** Where the button posts (./routes.ts). */
const DOWNLOAD_PATH = "/dashboard/data";

/**
 * "Download my data": a plain form post, so the browser saves the file
 * itself (and the page stays), with or without JavaScript.
 */
export function YourDataCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.yourData()}</CardTitle>
        <CardDescription>{m.cardDescription({ days: ACTIVITY_RETENTION_DAYS })}</CardDescription>
      </CardHeader>
      <CardContent>
        <form method="post" action={DOWNLOAD_PATH}>
          <Button type="submit" variant="outline">
            <FileDownIcon />
            {m.downloadMyData()}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
