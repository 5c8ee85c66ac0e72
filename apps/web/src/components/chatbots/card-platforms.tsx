import { cidField, PLATFORM_REGISTRY, PLATFORMS, platformLabels, urlField } from "@gallery/schema/platforms";
import type { Chatbot } from "@gallery/schema/types";
import { Copy } from "lucide-react";
import { copyToClipboard } from "./copy-identifier";
import { PlatformButton } from "./platform-button";

/** Tap targets: 44 px on a phone, compact from 640 px. */
const TARGET = "h-11 sm:h-8";
/** A row's height: on a phone the link above the identifier's button (44 + 6 + 44 px), else one line. */
const ROW = "min-h-[94px] sm:min-h-8";

/**
 * A card's platforms, one row each in the registry's order, a missing one keeping its place (so each
 * platform's row lines up across a row of cards): the link to chat there, or its name when the listing has
 * no link, and the identifier, truncated, which a click copies (shown once: tests and readers find one).
 */
export function CardPlatforms({ chatbot }: { chatbot: Chatbot }) {
  return (
    <ul className="space-y-1.5">
      {PLATFORMS.map((platform) => {
        const cid = chatbot[cidField(platform)];
        if (!cid && !chatbot[urlField(platform)]) return <li key={platform} aria-hidden className={ROW} />;
        const label = platformLabels(platform).id;
        return (
          <li key={platform} className={`${ROW} flex min-w-0 flex-wrap items-start gap-1.5 sm:items-center`}>
            {chatbot[urlField(platform)] ? (
              <PlatformButton listing={chatbot} platform={platform} size="card" />
            ) : (
              <span className="shrink-0 text-xs font-medium">{PLATFORM_REGISTRY[platform].name}</span>
            )}
            {cid && (
              <button
                type="button"
                title={`${label}: ${cid}`}
                onClick={() => void copyToClipboard(label, cid)}
                // On a phone a line of its own, so the identifier is readable; beside the link from 640 px.
                className={`${TARGET} flex min-w-0 cursor-copy items-center justify-between gap-1 rounded-md bg-muted px-2 font-mono text-xs hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring max-sm:basis-full sm:flex-1`}
              >
                {/* Named "Copy Polybuzz ID pb-123": the words it shows are in its name (speech input). */}
                <span className="sr-only">Copy {label} </span>
                <span className="truncate">{cid}</span>
                <Copy className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
