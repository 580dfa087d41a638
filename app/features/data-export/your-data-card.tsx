import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ACTIVITY_RETENTION_DAYS } from "~/lib/constants";
import FileDownIcon from "~icons/lucide/file-down";

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
        <CardTitle>Your data</CardTitle>
        <CardDescription>
          One JSON file with everything this app keeps about you: your account, how you sign in, where you are
          signed in, and the last {ACTIVITY_RETENTION_DAYS} days of activity. Passwords, keys and tokens are
          never in it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form method="post" action={DOWNLOAD_PATH}>
          <Button type="submit" variant="outline">
            <FileDownIcon />
            Download my data
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
