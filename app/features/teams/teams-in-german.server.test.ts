/**
 * Teams in German: the forms' answers, refusals and field errors speak the
 * request's language (also those kept in constants), and what reaches
 * another person (a mail, an entry in their activity log) speaks theirs:
 * the language their account chose, whatever the sender's.
 */
import { afterEach, expect, test } from "vitest";
import { inLocale } from "~/i18n/locale.server";
import { type ActivityItem, activityKind } from "~/lib/activity";
import { type Person, teamsWorld, type World } from "./test-world.server";

let world: World | undefined;
afterEach(async () => {
  await world?.db.close();
  world = undefined;
});

const open = async () => {
  world = await teamsWorld();
  return world;
};

/** Saves `person`'s choice of language on their account, as the language switch does. */
const choose = (w: World, person: Person, locale: string) =>
  w.db.kysely.updateTable("user").set({ locale }).where("id", "=", person.id).execute();

/** The details of `person`'s log entries of `kind`. */
const detailsOf = async (w: World, person: Person, kind: string) =>
  (
    await w.db.kysely
      .selectFrom("activity")
      .select("detail")
      .where("userId", "=", person.id)
      .where("kind", "=", kind)
      .execute()
  ).map((row) => row.detail);

test("in German, the answers, refusals and field errors speak German; English again after", async () => {
  const w = await open();
  const ada = await w.join("Ada");
  const bea = await w.join("Bea");
  const teamId = await w.createTeam(ada, "Acme");
  await w.addMember(teamId, bea, "member");
  await inLocale("de", async () => {
    expect(await w.post(ada, { intent: "create-team", name: "   " })).toMatchObject({
      status: 400,
      fieldErrors: { name: "Geben Sie dem Team einen Namen." },
    });
    expect(await w.post(ada, { intent: "rename-team", teamId, name: "Acme" })).toMatchObject({
      status: 200,
      message: "Das Team hat bereits diesen Namen.",
    });
    expect(await w.post(ada, { intent: "switch-team", teamId })).toMatchObject({
      message: "„Acme“ ist Ihr aktives Team.",
    });
    // A refusal kept in a constant, and the rule of a right.
    expect(
      await w.post(bea, { intent: "invite", teamId, email: "cy@example.com", role: "member" }),
    ).toMatchObject({
      status: 403,
      message: "Nur die Inhaber und Admins des Teams können Personen einladen.",
    });
    expect(await w.post(bea, { intent: "rename-team", teamId: "no-such-team", name: "Apex" })).toMatchObject({
      status: 404,
      message: "Sie sind nicht Mitglied dieses Teams.",
    });
    expect(await w.post(ada, { intent: "change-role", teamId, memberId: "x", role: "boss" })).toMatchObject({
      fieldErrors: { role: "Wählen Sie Admin oder Mitglied." },
    });
  });
  // The same constants in English again: nothing was fixed in the first language they spoke.
  expect(
    await w.post(bea, { intent: "invite", teamId, email: "cy@example.com", role: "member" }),
  ).toMatchObject({
    status: 403,
    message: "Only the team's owners and admins can invite people.",
  });
  expect(await w.post(bea, { intent: "rename-team", teamId: "no-such-team", name: "Apex" })).toMatchObject({
    message: "You are not a member of this team.",
  });
});

test("an invitation and its log entry reach an account in its own language, the sender's stay in theirs", async () => {
  const w = await open();
  const ada = await w.join("Ada");
  const carl = await w.join("Carl");
  await choose(w, carl, "de");
  const teamId = await w.createTeam(ada, "Acme");
  // Ada's browser speaks English; Carl chose German.
  const sent = await w.post(ada, { intent: "invite", teamId, email: carl.email, role: "admin" });
  expect(sent).toMatchObject({ status: 200, message: `Invitation sent to ${carl.email}.` });
  const invitation = w.mails.find((mail) => mail.to === carl.email);
  expect(invitation?.subject).toBe("Einladung in das Team „Acme“ bei Test");
  expect(invitation?.text).toContain("dem Team als Admin beizutreten");
  expect(invitation?.html).toContain('<html lang="de"');
  expect(await detailsOf(w, ada, "team-invitation-sent")).toEqual([`${carl.email} to Acme as admin`]);
  expect(await detailsOf(w, carl, "team-invitation-received")).toEqual(["Acme als Admin"]);
  // The entry's sentence is worded when it is shown, in its reader's language.
  const describe = activityKind("team-invitation-received")?.describe;
  if (typeof describe !== "function") throw new Error("no sentence for team-invitation-received");
  const entry = { kind: "team-invitation-received", detail: "Acme als Admin" } as ActivityItem;
  expect(inLocale("de", () => describe(entry))).toBe("In ein Team eingeladen: Acme als Admin");
  expect(describe(entry)).toBe("Invited to a team: Acme als Admin");
  // An address no account has proven: the language of the browser that sent it.
  await inLocale("de", () =>
    w.post(ada, { intent: "invite", teamId, email: "stranger@example.com", role: "member" }),
  );
  const toStranger = w.mails.find((mail) => mail.to === "stranger@example.com");
  expect(toStranger?.subject).toBe("Einladung in das Team „Acme“ bei Test");
  expect(toStranger?.text).toContain("Hallo,");
});

/**
 * Ada hands "Acme" over to Bea, then `deleter` deletes "Apex", which both own, each post made in
 * `speak`'s language: the subject each address received, by team.
 */
async function ownershipMails(
  w: World,
  [ada, bea]: [Person, Person],
  deleter: Person,
  speak: <T>(post: () => Promise<T>) => Promise<T>,
) {
  const teamId = await w.createTeam(ada, "Acme");
  const beaMember = await w.addMember(teamId, bea, "member");
  const handedOver = await speak(() =>
    w.post(ada, { intent: "transfer-ownership", teamId, memberId: beaMember }),
  );
  expect(handedOver).toMatchObject({ status: 200 });
  const apex = await w.createTeam(ada, "Apex");
  await w.addMember(apex, bea, "owner");
  const deleted = await speak(() =>
    w.post(deleter, { intent: "delete-team", teamId: apex, confirm: "Apex" }),
  );
  expect(deleted).toMatchObject({ status: 302 });
  const subjects = (team: string) =>
    Object.fromEntries(
      w.mails.filter((mail) => mail.subject.includes(team)).map((mail) => [mail.to, mail.subject]),
    );
  return { moved: subjects("Acme"), deleted: subjects("Apex") };
}

/** What both ownership walks below mail: Ada in German, Bea in English. */
const adaInGermanBeaInEnglish = (ada: Person, bea: Person) => ({
  moved: {
    [ada.email]: "Inhaberrolle für „Acme“ bei Test übergeben",
    [bea.email]: "Ownership of “Acme” moved on Test",
  },
  deleted: {
    [ada.email]: "Das Team „Apex“ wurde bei Test gelöscht",
    [bea.email]: "The team “Apex” was deleted on Test",
  },
});

test("ownership's mails go to each owner in their account's language, not the sender's", async () => {
  const w = await open();
  const ada = await w.join("Ada");
  const bea = await w.join("Bea");
  await choose(w, ada, "de");
  // Ada chose German, Bea nothing: the requests are in English. Each mail follows its recipient's
  // account (Bea's, with no choice saved, the default), and so does the detail of Ada's own log entry.
  const mails = await ownershipMails(w, [ada, bea], bea, (post) => post());
  expect(mails).toEqual(adaInGermanBeaInEnglish(ada, bea));
  const toAda = w.mails.find((mail) => mail.to === ada.email);
  expect(toAda?.text).toContain(`${bea.email} ist jetzt Inhaber des Teams „Acme“`);
  expect(toAda?.text).toContain("Inhaberrolle zurücknehmen: http");
  expect(await detailsOf(w, ada, "team-ownership-transferred")).toEqual([`Acme an ${bea.email}`]);
});

test("from a German page, the asker's mails are German and another owner with no saved language reads English", async () => {
  const w = await open();
  const ada = await w.join("Ada");
  const bea = await w.join("Bea");
  // Neither chose a language: Ada's page is German (her browser's), and she deletes the team too.
  const mails = await ownershipMails(w, [ada, bea], ada, (post) => inLocale("de", post));
  expect(mails).toEqual(adaInGermanBeaInEnglish(ada, bea));
});

test("the only owner's refusal to delete their account lists the teams as the language does", async () => {
  const w = await open();
  const ada = await w.join("Ada");
  const bea = await w.join("Bea");
  for (const name of ["Acme", "Apex", "Zenith"])
    await w.addMember(await w.createTeam(ada, name), bea, "member");
  const { soleOwnerRefusal } = await import("./teams.server");
  expect(await soleOwnerRefusal(w.db.kysely, ada.id)).toBe(
    "You are the only owner of “Acme”, “Apex”, “Zenith”, which have other members. Make another member owner, or delete the team, then delete your account.",
  );
  expect(await inLocale("de", () => soleOwnerRefusal(w.db.kysely, ada.id))).toBe(
    "Sie sind der einzige Inhaber von „Acme“, „Apex“ und „Zenith“, die weitere Mitglieder haben. Machen Sie ein anderes Mitglied zum Inhaber, oder löschen Sie das Team, und löschen Sie dann Ihr Konto.",
  );
});
