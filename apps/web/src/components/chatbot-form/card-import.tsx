import {
  CHARACTER_CARD_ACCEPT,
  CHARACTER_CARD_MESSAGES,
  type CharacterCardImport,
  cardImportSummary,
} from "@gallery/schema/character-card";
import { IMAGE_MAX_BYTES } from "@gallery/schema/constants";
import { Button, FieldError } from "@gallery/ui";
import { useMutation } from "@tanstack/react-query";
import { FileUp } from "lucide-react";
import { useState } from "react";
import { failureReason } from "../../lib/errors";
import { useTRPC } from "../../lib/trpc";

/** A card's fields as the form takes them, with its art (a PNG card) as the image file. */
export interface ImportedCard {
  fields: Pick<CharacterCardImport, "title" | "tagline" | "description" | "tags">;
  picture: File | null;
}

/** The art the server sent back (a data: URL: PNG, or a CHARX's JPEG or WebP icon) as a file the form uploads like a chosen image. */
function pictureFile(dataUrl: string, name: string): File {
  const type = /^data:(image\/(?:png|jpeg|webp));/.exec(dataUrl)?.[1] ?? "image/png";
  const bytes = Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(",") + 1)), (char) => char.charCodeAt(0));
  return new File([bytes], `${name || "character"}.${type.slice("image/".length)}`, { type });
}

/**
 * Opens the file picker from an input made for the occasion and never put in the page: the dialog keeps one
 * file input, the picture's (as the spec's dialog has), for people and tools that look for it.
 */
function pickFile(take: (file: File | undefined) => void) {
  const input = document.createElement("input");
  input.type = "file";
  input.accept = CHARACTER_CARD_ACCEPT;
  input.addEventListener("change", () => take(input.files?.[0]), { once: true });
  input.click();
}

/** What the dialog says after an import: what was filled in, where the description came from, what was left out. */
interface ImportSummary {
  title: string;
  lines: string[];
}

/**
 * "Import a character card": a Tavern card (PNG V2/V3, JSON or CHARX) dropped here or picked is read by the server
 * (chatbots.importCard) and handed to the form to prefill; the creator checks the fields and saves. The server
 * never offers the card's prompt (its definition, messages and instructions): the dialog says what it took for
 * the description and which of the card's fields it left out (cardImportSummary, issue 39 §2).
 */
export function CardImport({ onImported, disabled }: { onImported: (card: ImportedCard) => void; disabled?: boolean }) {
  const trpc = useTRPC();
  const [error, setError] = useState<string>();
  const [imported, setImported] = useState<ImportSummary>();
  const [dragging, setDragging] = useState(false);
  const read = useMutation(trpc.chatbots.importCard.mutationOptions());

  const importFile = (file: File | undefined) => {
    if (!file) return;
    setImported(undefined);
    // The server refuses these too; saying so before sending spares a 5 MB upload.
    if (file.size > IMAGE_MAX_BYTES) return setError(CHARACTER_CARD_MESSAGES.tooLarge);
    setError(undefined);
    const form = new FormData();
    form.append("card", file);
    read.mutate(form, {
      onSuccess: ({ picture, descriptionFrom, leftOut, ...fields }) => {
        onImported({ fields, picture: picture ? pictureFile(picture, fields.title) : null });
        setImported({
          title: `Imported ${fields.title ? `“${fields.title}”` : "the card"}: check the fields, then save.`,
          lines: cardImportSummary({ descriptionFrom, leftOut }),
        });
      },
      onError: (cause) => setError(failureReason(cause)),
    });
  };

  return (
    <section
      aria-label="Import a character card"
      className={`space-y-2 rounded-lg border border-dashed p-3 ${dragging ? "border-primary bg-primary/5" : ""}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        if (!disabled) importFile(event.dataTransfer.files[0]);
      }}
    >
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" disabled={disabled || read.isPending} onClick={() => pickFile(importFile)}>
          <FileUp aria-hidden />
          {read.isPending ? "Reading card..." : "Import a character card"}
        </Button>
        <p className="text-xs text-muted-foreground">
          Drop a Tavern card (PNG, JSON or CHARX; V2 or V3) to fill in the form.
        </p>
      </div>
      {imported && (
        <div role="status" className="space-y-1 text-xs">
          <p>{imported.title}</p>
          {imported.lines.map((line) => (
            <p key={line} className="text-muted-foreground">
              {line}
            </p>
          ))}
        </div>
      )}
      <FieldError message={error} />
    </section>
  );
}
