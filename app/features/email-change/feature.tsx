import type { FeatureUi } from "~/lib/features";
import MailIcon from "~icons/lucide/mail";
import { ChangeEmailForm } from "./change-email-form";

/** Email change in the browser: its form in the Account card, and its entries in the activity log. */
export default {
  activityKinds: {
    "email-changed": { icon: MailIcon, describe: "Email address changed" },
    "email-change-undone": {
      icon: MailIcon,
      describe: ({ success }) =>
        success ? "Email address change undone" : "Email address change could not be undone",
    },
  },
  accountCardParts: [{ id: "change-email", Part: ChangeEmailForm }],
} satisfies FeatureUi;
