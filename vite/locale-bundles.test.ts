import { expect, test } from "vitest";
import { localizedScriptPaths, specialize } from "./locale-bundles";

// What a minified chunk holds: compiled messages inlined where they are used.
const chunk =
  'import{a as A}from"./runtime-x.js";var t=()=>A({de:()=>`Neu laden`,en:()=>`Reload`}),' +
  'n=e=>A({de:()=>`Sprache: ${e.name}`,"en-XA":()=>`⟦Ļååñĝ: ${e.name}⟧`,en:()=>`Language: ${e.name}`}),' +
  "o=A({other:()=>`not a message`}),c=e=>A({de:()=>e?`ja`:`nein`,en:()=>e?`yes`:`no`});export{t,n,o,c};";

test("each compiled message keeps only its text in the bundle's language", () => {
  const german = specialize(chunk, "de");
  expect(german).toContain("var t=()=>`Neu laden`,");
  expect(german).toContain("n=e=>`Sprache: ${e.name}`,");
  // A text alone needs no parentheses; an expression keeps them.
  expect(german).toContain("c=e=>(e?`ja`:`nein`)");
  expect(german).not.toMatch(/Reload|Language|Ļåå|yes/);
  const english = specialize(chunk, "en");
  expect(english).toContain("var t=()=>`Reload`,");
  expect(english).not.toMatch(/Neu laden|Sprache|Ļåå/);
  expect(specialize(chunk, "en-XA")).toContain("n=e=>`⟦Ļååñĝ: ${e.name}⟧`,");
  // A call that is not a message's choice is left as it is.
  expect(german).toContain("o=A({other:()=>`not a message`})");
});

test("two messages the minifier merged behind one choice (a ? pick(x) : pick(y) as pick(a ? x : y)) keep one text each", () => {
  const merged =
    "t=e=>A(e?{de:()=>`Passwort verbergen`,en:()=>`Hide password`}:{de:()=>`Passwort anzeigen`,en:()=>`Show password`})";
  expect(specialize(merged, "de")).toBe("t=e=>(e?`Passwort verbergen`:`Passwort anzeigen`)");
  expect(specialize(merged, "en")).toBe("t=e=>(e?`Hide password`:`Show password`)");
  // A choice with anything else on one side is not a message's: left as it is.
  const other = "t=e=>A(e?{de:()=>`Ja`,en:()=>`Yes`}:x)";
  expect(specialize(other, "de")).toBe(other);
});

test("a message without the language falls back to English", () => {
  expect(specialize("x(A({de:()=>`Hallo`,en:()=>`Hello`}))", "fr")).toBe("x(`Hello`)");
});

test("a language's copy names that copy's scripts, and leaves stylesheets shared", () => {
  const manifest =
    '{"module":"/assets/root-1.js","imports":["/assets/shell-2.js"],"css":["/assets/app-3.css"]}';
  expect(localizedScriptPaths(manifest, "de")).toBe(
    '{"module":"/assets/de/root-1.js","imports":["/assets/de/shell-2.js"],"css":["/assets/app-3.css"]}',
  );
  expect(localizedScriptPaths('m(["assets/a.js","assets/b.css"])', "de")).toBe(
    'm(["assets/de/a.js","assets/b.css"])',
  );
});
