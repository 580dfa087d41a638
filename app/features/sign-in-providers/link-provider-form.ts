import { actionForm } from "~/lib/action-form";
import { text } from "~/lib/fields";

/** "Link" on a provider's row of the Sign-in methods card (`provider`: its id). */
export const linkProviderForm = actionForm("link-provider", { provider: text });
