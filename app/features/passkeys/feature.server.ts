// What the passkeys feature adds to the server (ServerFeature).
import type { ServerFeature } from "~/server/features.server";
import addPasskey from "./add-passkey.server";
import { countPasskeys, passkeyEndpoints, passkeyPlugins, removePasskeys, withPasskeys } from "./auth.server";
import deletePasskey from "./delete-passkey.server";
import * as m from "./messages";
import * as passkeysTable from "./migrations/0002-passkeys";
import { listPasskeys } from "./passkeys.server";
import renamePasskey from "./rename-passkey.server";
import { passkeysSection } from "./sections";

/** Passkeys: sign in with the device's lock instead of a password. */
export default {
  // The name existing databases recorded: it never changes.
  migrations: { "0002-passkeys": passkeysTable },
  dashboard: [passkeysSection.load(({ db }, { user }) => listPasskeys(db, user.id))],
  actions: [addPasskey, renamePasskey, deletePasskey],
  auth: {
    plugins: passkeyPlugins,
    endpoints: passkeyEndpoints,
    waysIn: countPasskeys,
    // A passkey is a second factor for the admin console's rule.
    secondFactor: {
      // Said when the admin console reads it, in its request's language.
      name: m.secondFactorName,
      setUpPath: "/dashboard#passkeys",
      heldBy: withPasskeys,
    },
    onMailboxClaimed: removePasskeys,
    onAccountRecovered: removePasskeys,
  },
} satisfies ServerFeature;
