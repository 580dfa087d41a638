/** The server `npm run screenshots` shoots (BASE_URL), and where it keeps its data and its mails. */
import { join } from "node:path";

export const baseURL = process.env.BASE_URL ?? "http://localhost:3000";
/** The header every form post needs (the app refuses cross-site posts). */
export const origin = { Origin: new URL(baseURL).origin };
export const dataDir = process.env.DATA_DIR ?? "data";
export const outboxDir = process.env.OUTBOX_DIR ?? join(dataDir, "outbox");
