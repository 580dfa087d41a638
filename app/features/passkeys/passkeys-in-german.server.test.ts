// Tests: the passkeys' words come out in the reader's language (German here), English by default.
import { sql } from "kysely";
import { expect, test } from "vitest";
import { inLocale } from "~/i18n/locale.server";
import type { Auth } from "~/server/auth/auth.server";
import { say } from "~/server/words.server";
import { authWithOneAccount } from "../../../tests/fixtures/auth-in-memory";
import { passkeyEndpoints } from "./auth.server";
import passkeysFeature from "./feature.server";
import { registrationFailure } from "./passkey-registration";
import { renamePasskey } from "./passkeys.server";

test("what an undone email change removed is counted in German", async () => {
  const { db, userId } = await authWithOneAccount();
  for (const id of ["one", "two"]) {
    await sql`INSERT INTO "passkey" ("id","publicKey","userId","credentialID","counter","deviceType","backedUp")
      VALUES (${id},'key',${userId},${id},0,'singleDevice',0)`.execute(db.kysely);
  }
  const removed = await inLocale("de", () =>
    passkeysFeature.auth.onAccountRecovered(db.kysely, userId, new Date(0)),
  );
  expect(removed).toEqual(["2 Passkeys"]);
  await db.close();
});

test("a passkey without a name is refused in German", async () => {
  const refused = await inLocale("de", () => renamePasskey({} as Auth, new Headers(), "some-id", "  "));
  expect(refused).toMatchObject({
    ok: false,
    status: 400,
    message: "Geben Sie dem Passkey einen Namen.",
    fieldErrors: { name: "Geben Sie dem Passkey einen Namen." },
  });
  const english = await renamePasskey({} as Auth, new Headers(), "some-id", "  ");
  expect(english).toMatchObject({ message: "Give the passkey a name." });
});

test("the words handed to the core are said in the language of the moment they are said", () => {
  const added = passkeyEndpoints.find((endpoint) => endpoint.entry?.kind === "passkey-added");
  const notice = added?.entry?.notice ?? "";
  expect(say(notice)).toBe("A passkey was added");
  expect(inLocale("de", () => say(notice))).toBe("Ein Passkey wurde hinzugefügt");
  const secondFactor = passkeysFeature.auth.secondFactor.name;
  expect(inLocale("de", () => say(secondFactor))).toBe("Ein Passkey");
});

test("a failed registration is explained in German", () => {
  const failure = (name: string) => registrationFailure(new DOMException("browser text", name));
  expect(inLocale("de", () => failure("NotAllowedError"))).toBe("Es wurde kein Passkey hinzugefügt.");
  expect(inLocale("de", () => failure("InvalidStateError"))).toBe(
    "Dieses Gerät hat bereits einen Passkey für Ihr Konto.",
  );
});
