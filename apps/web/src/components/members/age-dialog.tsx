import { AGE_MESSAGES } from "@gallery/schema/age-texts";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@gallery/ui";
import { AgeQuestion } from "./age-question";

/** Asked once, before a member's first NSFW picture would be shown (loaded on that first click). */
export default function AgeDialog({ open, onClose }: { open: boolean; onClose: (adult: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose(false)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Confirm your age</DialogTitle>
          <DialogDescription>{AGE_MESSAGES.question}</DialogDescription>
        </DialogHeader>
        <AgeQuestion onAnswered={onClose} />
      </DialogContent>
    </Dialog>
  );
}
