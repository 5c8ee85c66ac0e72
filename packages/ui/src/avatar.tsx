import { useState } from "react";
import { cn } from "./cn";

export interface AvatarProps {
  /** Image URL; when missing or failing to load, the fallback text is shown. */
  src?: string | null | undefined;
  /** Short text shown instead of the image, e.g. an initial. */
  fallback: string;
  alt?: string;
  className?: string;
}

/** A round avatar image that falls back to text (e.g. initials) when there is no image or it is broken. */
export function Avatar({ src, fallback, alt = "", className }: AvatarProps) {
  // Remember which src failed, so a new src gets its own chance to load.
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && src !== brokenSrc;
  return (
    <span
      data-slot="avatar"
      className={cn(
        "relative inline-flex size-9 shrink-0 select-none items-center justify-center overflow-hidden rounded-full bg-secondary text-sm font-semibold text-secondary-foreground",
        className,
      )}
    >
      {showImage ? (
        <img
          src={src!}
          alt={alt}
          className="size-full object-cover"
          referrerPolicy="no-referrer"
          onError={() => setBrokenSrc(src ?? null)}
        />
      ) : (
        <span data-slot="avatar-fallback">{fallback}</span>
      )}
    </span>
  );
}
