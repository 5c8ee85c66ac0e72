import { emailAuthSchema } from "@gallery/schema";
import { Button, FieldError, Input, Label, toast } from "@gallery/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { signInWithEmail, signUpWithEmail } from "../../auth/actions";
import { authErrorMessage } from "./auth-errors";

export type AuthMode = "signin" | "signup";
type Values = z.input<typeof emailAuthSchema>;

/** E-mail and password: sign in, or sign up with a confirmation (spec section 5 messages). */
export function EmailAuthForm({
  mode,
  onModeChange,
  onBack,
}: {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onBack: () => void;
}) {
  const form = useForm<Values>({
    resolver: zodResolver(emailAuthSchema),
    values: { mode, email: "", password: "", confirmPassword: "" },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ email, password }) => {
    try {
      if (mode === "signup") {
        await signUpWithEmail(email.trim(), password);
        toast.success("Account created successfully! Please check your email for verification.");
      } else {
        await signInWithEmail(email.trim(), password);
        toast.success("Successfully signed in!");
      }
    } catch (error) {
      toast.error("Error", { description: authErrorMessage(error) });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <input type="hidden" {...form.register("mode")} />
      <div className="space-y-1.5">
        <Label htmlFor="auth-email">Email</Label>
        <Input id="auth-email" type="email" autoComplete="email" {...form.register("email")} />
        <FieldError message={errors.email?.message} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="auth-password">Password</Label>
        <Input
          id="auth-password"
          type="password"
          autoComplete={mode === "signup" ? "new-password" : "current-password"}
          {...form.register("password")}
        />
        <FieldError message={errors.password?.message} />
      </div>
      {mode === "signup" && (
        <div className="space-y-1.5">
          <Label htmlFor="auth-confirm">Confirm Password</Label>
          <Input id="auth-confirm" type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
          <FieldError message={errors.confirmPassword?.message} />
        </div>
      )}
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Please wait..." : mode === "signup" ? "Create Account" : "Sign In"}
      </Button>
      <div className="flex flex-col items-center gap-2 text-sm">
        <AuthModeSwitch mode={mode} onModeChange={onModeChange} />
        <button type="button" className="text-muted-foreground hover:underline" onClick={onBack}>
          Back to other options
        </button>
      </div>
    </form>
  );
}

/** "Already have an account? Sign in" / "Don't have an account? Sign up": the other of the two. */
export function AuthModeSwitch({ mode, onModeChange }: { mode: AuthMode; onModeChange: (mode: AuthMode) => void }) {
  return (
    <button
      type="button"
      className="font-medium text-primary hover:underline"
      onClick={() => onModeChange(mode === "signup" ? "signin" : "signup")}
    >
      {mode === "signup" ? "Already have an account? Sign in" : "Don't have an account? Sign up"}
    </button>
  );
}
