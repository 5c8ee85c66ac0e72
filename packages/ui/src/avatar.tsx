import { useState } from "react";
import { cn } from "./cn";

export interface AvatarProps {
  src?: string | null | undefined;
  fallback: string;
  alt?: string;
  className?: string;
}

/** An image that falls back to initials when missing or broken. */
export function Avatar({ src, fallback, alt = "", className }: AvatarProps) {
  const [broken, setBroken] = useState(false);
  return (
    <span
      className={cn(
        "inline-flex h-9 w-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-secondary text-sm font-semibold text-secondary-foreground",
        className,
      )}
    >
      {src && !broken ? (
        <img src={src} alt={alt} className="h-full w-full object-cover" onError={() => setBroken(true)} />
      ) : (
        fallback
      )}
    </span>
  );
}
