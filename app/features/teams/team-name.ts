import { shownText } from "~/lib/shown-text";
import { TEAM_NAME_MAX_LENGTH } from "./constants";
import * as m from "./messages";

/**
 * A team's name: the rule of text one person types and others receive
 * (~/lib/shown-text.ts: no host name, address, phone number or bidi
 * trick), since it goes into the invitation mailed to a stranger. Its messages are
 * worded at each parse, in the request's (or the page's) language.
 */
export const teamName = shownText(TEAM_NAME_MAX_LENGTH, m.nameYourTeam);
