import type { ServerFeature } from "~/server/features.server";
import addPasskey from "./add-passkey.server";
import deletePasskey from "./delete-passkey.server";
import renamePasskey from "./rename-passkey.server";

/** Passkeys: sign in with the device's lock instead of a password. */
export default {
  actions: [addPasskey, renamePasskey, deletePasskey],
} satisfies ServerFeature;
