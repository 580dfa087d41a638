import { cn } from "~/lib/cn";

/** "Ada Lovelace" → "AL"; one word → its first letter. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : [words[0]];
  return letters.map((word) => [...(word ?? "")][0]?.toUpperCase() ?? "").join("") || "?";
}

const sizes = { sm: "size-8 text-sm", md: "size-9 text-sm", lg: "size-14 text-lg" } as const;

type AvatarProps = { name: string; image?: string; size?: keyof typeof sizes; className?: string };

/** A round picture of the person, or their initials when there is none. */
export function Avatar({ name, image, size = "md", className }: AvatarProps) {
  return (
    <span
      className={cn(
        "inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-primary/15 font-semibold text-primary",
        sizes[size],
        className,
      )}
    >
      {image ? (
        <img src={image} alt="" className="size-full object-cover" referrerPolicy="no-referrer" />
      ) : (
        <span aria-hidden="true" translate="no">
          {initialsOf(name)}
        </span>
      )}
    </span>
  );
}
