import { Fragment, type ReactNode } from "react";

/**
 * A message with marked-up parts (`"Read the <link>guide</link> first"`),
 * rendered with the element each tag names: translators move the words
 * around the link, the code keeps the link. Tags do not nest.
 */
export function rich(message: string, tags: Record<string, (children: string) => ReactNode>): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of tagsIn(message)) {
    const [whole, name = "", children = ""] = match;
    const render = tags[name];
    parts.push(message.slice(last, match.index));
    parts.push(<Fragment key={match.index}>{render ? render(children) : children}</Fragment>);
    last = match.index + whole.length;
  }
  parts.push(message.slice(last));
  return <>{parts}</>;
}

const TAG = /<([a-z][a-zA-Z0-9]*)>(.*?)<\/\1>/gs;

/** How many messages' tags the server keeps: the product has a few dozen marked-up messages per language. */
const KEPT = 500;
const found = new Map<string, RegExpExecArray[]>();

/** A message's tags; the server finds each message's once and keeps them. */
function tagsIn(message: string): Iterable<RegExpExecArray> {
  if (!import.meta.env.SSR) return message.matchAll(TAG);
  let matches = found.get(message);
  if (!matches) {
    matches = [...message.matchAll(TAG)];
    if (found.size >= KEPT) found.delete(found.keys().next().value as string);
    found.set(message, matches);
  }
  return matches;
}
