import { Button, Dialog, DialogContent, DialogDescription, type DialogOpenProps, DialogTitle } from "@gallery/ui";
import { Lock } from "lucide-react";
import { LOGIN_URL } from "../../lib/login-url";

interface Props extends DialogOpenProps {
  /** What signing in allows, e.g. 'Sign in to save chatbots'. */
  title: string;
}

/** A visitor's invitation to sign in, as the image modal and the locked listing show it. */
export function SignInPrompt({ open, title, onOpenChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm">
        <div className="flex flex-col items-center gap-4 py-6 text-center">
          <Lock className="size-10 text-muted-foreground" aria-hidden />
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Members can save chatbots and follow creators.</DialogDescription>
          <Button asChild>
            <a href={LOGIN_URL}>Sign In</a>
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
