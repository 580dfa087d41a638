// On every page of a support sign-in: the banner naming the person, with Stop (the feature's EveryPagePart).
import type { EveryPagePart } from "~/lib/features";
import { SupportBanner } from "./support-banner";

const SupportSignInBanner: EveryPagePart = ({ supportSignIn, user }) =>
  supportSignIn && user ? <SupportBanner user={user} /> : null;

export default SupportSignInBanner;
