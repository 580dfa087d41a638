import { Fragment, type ReactNode } from "react";

/**
 * A message with marked-up parts (`"Read the <link>guide</link> first"`),
 * rendered with the element each tag names: translators move the words
 * around the link, the code keeps the link. Tags do not nest.
 */
export function rich(message: string, tags: Record<string, (children: string) => ReactNode>): ReactNode {
  const parts: ReactNode[] = [];
  for (const { text, tag, children, at } of piecesOf(message)) {
    parts.push(text);
    if (tag === undefined) continue;
    const render = tags[tag];
    parts.push(<Fragment key={at}>{render ? render(children) : children}</Fragment>);
  }
  return <>{parts}</>;
}

type Piece = { text: string; tag?: string; children: string; at: number };

/** How many messages' pieces are kept: the product has a few dozen marked-up messages per language. */
const KEPT = 500;
const pieces = new Map<string, readonly Piece[]>();

/** A message cut at its tags (the text before each, the tag, its words), cut once per message and kept. */
function piecesOf(message: string): readonly Piece[] {
  let found = pieces.get(message);
  if (found) return found;
  const cut: Piece[] = [];
  let last = 0;
  for (const match of message.matchAll(/<([a-z][a-zA-Z0-9]*)>(.*?)<\/\1>/gs)) {
    const [whole, tag = "", children = ""] = match;
    cut.push({ text: message.slice(last, match.index), tag, children, at: match.index });
    last = match.index + whole.length;
  }
  cut.push({ text: message.slice(last), children: "", at: last });
  found = cut;
  if (pieces.size >= KEPT) pieces.delete(pieces.keys().next().value as string);
  pieces.set(message, found);
  return found;
}
