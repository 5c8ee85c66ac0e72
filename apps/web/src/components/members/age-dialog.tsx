import { AGE_MESSAGES } from "@gallery/schema/age-texts";
import { Button, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@gallery/ui";
import { useState } from "react";
import { AgeQuestion } from "./age-question";

/**
 * Asked once, before a member's first NSFW picture would be shown (loaded on that first click). An answer under 18
 * is not closed on in silence: the dialog says what changed, and closes when the member has read it.
 */
export default function AgeDialog({ open, onClose }: { open: boolean; onClose: (adult: boolean) => void }) {
  // Answered under 18: the lists are read again (taking this card's NSFW listing away) once the member closes this.
  const [minor, setMinor] = useState<{ refreshLists: () => Promise<void> } | null>(null);
  const close = (adult: boolean) => {
    onClose(adult);
    void minor?.refreshLists();
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && close(false)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Confirm your age</DialogTitle>
          <DialogDescription>{AGE_MESSAGES.question}</DialogDescription>
        </DialogHeader>
        {minor ? (
          <div className="space-y-3">
            <p role="status" className="text-sm">
              {AGE_MESSAGES.minorResult}
            </p>
            <Button type="button" onClick={() => close(false)}>
              OK
            </Button>
          </div>
        ) : (
          <AgeQuestion
            onAnswered={(adult, refreshLists) => {
              if (!adult) return setMinor({ refreshLists });
              void refreshLists();
              onClose(true);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
