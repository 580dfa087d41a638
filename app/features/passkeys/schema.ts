import type { Flag, Timestamp } from "../../../db/schema";

/** `@better-auth/passkey`'s credentials (migrations/0002-passkeys.ts), joined to the app's `Database`. */
export interface PasskeyTable {
  id: string;
  name: string | null;
  publicKey: string;
  userId: string;
  credentialID: string;
  counter: number;
  deviceType: string;
  backedUp: Flag;
  transports: string | null;
  createdAt: Timestamp | null;
  aaguid: string | null;
}

declare module "../../../db/schema" {
  interface Database {
    passkey: PasskeyTable;
  }
}

/** The table's columns, for db/schema.test.ts (`ServerFeature.tables`): typed, so one missing here does not compile. */
export const passkeyTables: { passkey: Record<keyof PasskeyTable, true> } = {
  passkey: {
    id: true,
    name: true,
    publicKey: true,
    userId: true,
    credentialID: true,
    counter: true,
    deviceType: true,
    backedUp: true,
    transports: true,
    createdAt: true,
    aaguid: true,
  },
};
