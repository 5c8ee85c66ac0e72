import { cidField, PLATFORM_REGISTRY, PLATFORMS, platformLabels, urlField } from "@gallery/schema/platforms";
import type { Chatbot } from "@gallery/schema/types";
import { Copy } from "lucide-react";
import { copyToClipboard } from "./copy-identifier";
import { PlatformButton } from "./platform-button";

/** A platform's row: 44 px on a phone (its link and copy button are tap targets, issue 27), 28 px from 640 px. */
const ROW = "h-11 sm:h-7";

/**
 * A card's platforms, one tight row each in the registry's order, a missing one keeping its place (so each
 * platform's row lines up across a row of cards): the link to chat there, or its name when the listing has no
 * link, and beside it the identifier, truncated, which a click copies (shown once: tests and readers find one).
 */
export function CardPlatforms({ chatbot }: { chatbot: Chatbot }) {
  return (
    <ul className="space-y-1">
      {PLATFORMS.map((platform) => {
        const cid = chatbot[cidField(platform)];
        if (!cid && !chatbot[urlField(platform)]) return <li key={platform} aria-hidden className={ROW} />;
        const label = platformLabels(platform).id;
        return (
          <li key={platform} className={`${ROW} flex min-w-0 items-stretch gap-1`}>
            {chatbot[urlField(platform)] ? (
              <PlatformButton listing={chatbot} platform={platform} size="card" />
            ) : (
              <span className="flex shrink-0 items-center px-1 text-xs font-medium">
                {PLATFORM_REGISTRY[platform].name}
              </span>
            )}
            {cid && (
              <button
                type="button"
                title={`${label}: ${cid}`}
                onClick={() => void copyToClipboard(label, cid)}
                className="flex min-w-0 flex-1 cursor-copy items-center justify-between gap-1 rounded-md bg-muted px-1.5 font-mono text-xs hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
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
