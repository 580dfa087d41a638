import type { FeatureUi } from "~/lib/features";
import MailIcon from "~icons/lucide/mail";
import { ChangeEmailForm } from "./change-email-form";
import * as m from "./messages";

/** Email change in the browser: its form in the Account card, and its entries in the activity log. */
export default {
  activityKinds: {
    "email-changed": { icon: MailIcon, describe: () => m.activityEmailChanged() },
    "email-change-undone": {
      icon: MailIcon,
      describe: ({ success }) => (success ? m.activityChangeUndone() : m.activityChangeNotUndone()),
    },
  },
  accountCardParts: [{ id: "change-email", Part: ChangeEmailForm }],
} satisfies FeatureUi;
