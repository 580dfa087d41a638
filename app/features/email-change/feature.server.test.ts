import { expect, test } from "vitest";
import { mailedLinkPages, verificationStorage } from "~/server/mail/tokens.server";

/** Email change's links, as the core's mailed-link machinery sees them. */

test("both links open their pages, and their tokens are kept hashed", () => {
  expect(mailedLinkPages()).toMatchObject({
    "change-email": "/change-email",
    "undo-email-change": "/undo-email-change",
  });
  expect(Object.keys(verificationStorage().overrides)).toEqual(
    expect.arrayContaining(["change-email:", "undo-email-change:"]),
  );
});
