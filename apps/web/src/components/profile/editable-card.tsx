import { Button, Card, CardContent, CardHeader, CardTitle, cn } from "@gallery/ui";
import { Pencil } from "lucide-react";
import type { ReactNode } from "react";

/** A profile card its owner edits in place: the title with an Edit button (in view mode), then the card's body. */
export function EditableCard(props: {
  title: string;
  /** The Edit button's accessible name. */
  editLabel: string;
  editing: boolean;
  onEdit: () => void;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between space-y-0">
        <CardTitle>{props.title}</CardTitle>
        {!props.editing && (
          <Button variant="ghost" size="sm" onClick={props.onEdit} aria-label={props.editLabel}>
            <Pencil aria-hidden /> Edit
          </Button>
        )}
      </CardHeader>
      <CardContent>{props.children}</CardContent>
    </Card>
  );
}

/** Save and Cancel under an in-place edit form; both wait while the save is pending. */
export function SaveOrCancel({
  pending,
  onCancel,
  className,
}: {
  pending: boolean;
  onCancel: () => void;
  className?: string;
}) {
  return (
    <div className={cn("flex gap-2", className)}>
      <Button type="submit" size="sm" disabled={pending}>
        {pending ? "Saving..." : "Save"}
      </Button>
      <Button type="button" size="sm" variant="outline" disabled={pending} onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
