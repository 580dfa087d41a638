// On every page: a sign-in popup that came back to the app closes itself (the feature's EveryPagePart).
import type { EveryPagePart } from "~/lib/features";
import { useCloseSignInPopup } from "./use-close-sign-in-popup";

const ClosePopupOnReturn: EveryPagePart = ({ signedIn }) => {
  useCloseSignInPopup(signedIn);
  return null;
};

export default ClosePopupOnReturn;
