import { Fragment, type ReactNode } from "react";

/**
 * A message with marked-up parts (`"Read the <link>guide</link> first"`),
 * rendered with the element each tag names: translators move the words
 * around the link, the code keeps the link. Tags do not nest.
 */
export function rich(message: string, tags: Record<string, (children: string) => ReactNode>): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of message.matchAll(/<([a-z][a-zA-Z0-9]*)>(.*?)<\/\1>/gs)) {
    const [whole, name = "", children = ""] = match;
    const render = tags[name];
    parts.push(message.slice(last, match.index));
    parts.push(<Fragment key={match.index}>{render ? render(children) : children}</Fragment>);
    last = match.index + whole.length;
  }
  parts.push(message.slice(last));
  return <>{parts}</>;
}
