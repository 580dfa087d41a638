import { COLOR_MODE_STORAGE_KEY } from "~/lib/constants";

/**
 * Runs inline in `<head>` before first paint: resolves the stored colour-mode
 * preference (`light`, `dark`, or `system` by default) and sets the class on
 * `<html>`, so a dark-mode visitor never sees a white flash. Kept tiny and
 * dependency-free because it blocks rendering.
 */
export const colorModeScript = `(function(){try{var d=document.documentElement;var f=d.getAttribute("data-color-mode-forced");var p=f||localStorage.getItem(${JSON.stringify(COLOR_MODE_STORAGE_KEY)})||"system";var m=p==="dark"||p==="light"?p:(matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light");d.classList.remove("light","dark");d.classList.add(m);d.style.colorScheme=m}catch(e){}})()`;
