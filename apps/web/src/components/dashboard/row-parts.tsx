import { PLATFORM_REGISTRY, platformsOf } from "@gallery/schema/platforms";
import type { Chatbot } from "@gallery/schema/types";
import { Badge, Button } from "@gallery/ui";
import { Bot, Pencil, Trash2 } from "lucide-react";

export interface RowActions {
  onEdit: (chatbot: Chatbot) => void;
  onDelete: (chatbot: Chatbot) => void;
}

/** A small portrait thumbnail (never the original image). */
export function Thumbnail({ chatbot }: { chatbot: Chatbot }) {
  const src = chatbot.thumbnailUrl ?? chatbot.imageUrl;
  return (
    <div className="flex h-16 w-12 shrink-0 items-center justify-center overflow-hidden rounded-md bg-muted">
      {src ? (
        <img src={src} alt="" width={48} height={64} loading="lazy" className="h-full w-full object-cover" />
      ) : (
        <Bot className="size-5 text-muted-foreground" aria-hidden />
      )}
    </div>
  );
}

export function PlatformBadges({ chatbot }: { chatbot: Chatbot }) {
  const platforms = platformsOf(chatbot);
  if (platforms.length === 0) return <span className="text-muted-foreground">-</span>;
  return (
    <div className="flex flex-wrap gap-1">
      {platforms.map((platform) => (
        <Badge key={platform} variant="outline">
          {PLATFORM_REGISTRY[platform].name}
        </Badge>
      ))}
    </div>
  );
}

export function EditDeleteButtons({ chatbot, onEdit, onDelete }: RowActions & { chatbot: Chatbot }) {
  return (
    <div className="flex gap-2">
      <Button variant="outline" size="sm" aria-label={`Edit ${chatbot.title}`} onClick={() => onEdit(chatbot)}>
        <Pencil aria-hidden /> Edit
      </Button>
      <Button
        variant="outline"
        size="sm"
        aria-label={`Delete ${chatbot.title}`}
        className="text-destructive hover:bg-destructive/10 hover:text-destructive"
        onClick={() => onDelete(chatbot)}
      >
        <Trash2 aria-hidden /> Delete
      </Button>
    </div>
  );
}
