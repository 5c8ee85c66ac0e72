import { cidField, PLATFORM_REGISTRY, PLATFORMS, platformLabels, urlField } from "@gallery/schema/platforms";
import type { Chatbot } from "@gallery/schema/types";
import { Copy } from "lucide-react";
import { copyToClipboard } from "./copy-identifier";
import { PlatformButton } from "./platform-button";

/** Tap targets: 44 px on a phone, compact from 640 px. */
const TARGET = "h-11 sm:h-8";
/** A row's height: on a phone the identifier's line above its buttons (16 + 4 + 44 px), else one line. */
const ROW = "h-16 sm:h-8";

/**
 * A card's platforms, one row each in the registry's order, a missing one keeping its place (so each
 * platform's row lines up across a row of cards): the link to chat there, or its name when the listing has
 * no link, and the identifier, truncated, which a click copies.
 */
export function CardPlatforms({ chatbot }: { chatbot: Chatbot }) {
  return (
    <ul className="space-y-1.5">
      {PLATFORMS.map((platform) => {
        const cid = chatbot[cidField(platform)];
        if (!cid && !chatbot[urlField(platform)]) return <li key={platform} aria-hidden className={ROW} />;
        const label = platformLabels(platform).id;
        return (
          <li key={platform} className={`${ROW} min-w-0 space-y-1 sm:flex sm:items-center sm:gap-1.5 sm:space-y-0`}>
            {/* On a phone the identifier has a line of its own, readable, and its copy button is an icon. */}
            {cid && (
              <p className="truncate font-mono text-xs leading-4 text-muted-foreground sm:hidden" title={cid}>
                {cid}
              </p>
            )}
            <div className="flex min-w-0 flex-1 items-center gap-1.5">
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
                  className={`${TARGET} flex min-w-11 cursor-copy items-center justify-center gap-1 rounded-md bg-muted px-2 font-mono text-xs hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring max-sm:ml-auto sm:min-w-0 sm:flex-1 sm:justify-between`}
                >
                  {/* Named "Copy Polybuzz ID pb-123": the words it shows are in its name (speech input). */}
                  <span className="sr-only">Copy {label} </span>
                  <span className="truncate max-sm:hidden">{cid}</span>
                  <Copy className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
