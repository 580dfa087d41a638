import { randomBytes } from "node:crypto";

/** Six random letters, a test's team name's unique part (a run of digits could read as a phone number, which names refuse). */
export const randomLetters = () =>
  Array.from(randomBytes(6), (byte) => String.fromCharCode(97 + (byte % 26))).join("");
