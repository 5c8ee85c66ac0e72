import { Button, Card, CardContent, CardHeader, CardTitle, toast } from "@gallery/ui";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, Mail } from "lucide-react";
import { useState } from "react";
import { type AuthMode, AuthModeSwitch, EmailAuthForm } from "../components/auth/email-auth-form";
import { EmailRegistrationPreview } from "../components/auth/email-registration-preview";
import { GoogleSignIn } from "../components/auth/google-sign-in";
import { useDocumentTitle } from "../lib/use-document-title";

/** /auth (and, for visitors, /dashboard and /admin): sign in or create an account. */
export function AuthPage() {
  const [mode, setMode] = useState<AuthMode>("signin");
  const [showEmail, setShowEmail] = useState(false);
  useDocumentTitle(mode === "signup" ? "Create Account" : "Sign In");

  return (
    <div className="mx-auto max-w-md space-y-6 py-10">
      <Link to="/" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to browse
      </Link>
      <div className="space-y-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight">Welcome to the gallery</h1>
        <p className="text-muted-foreground">Create, share and manage your AI roleplay chatbots.</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="text-center">
            {mode === "signup" ? "Create Your Account" : "Sign In to Your Account"}
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          {showEmail ? (
            <EmailAuthForm mode={mode} onModeChange={setMode} onBack={() => setShowEmail(false)} />
          ) : (
            <>
              <GoogleSignIn />
              <Button variant="outline" className="w-full" onClick={() => setShowEmail(true)}>
                <Mail className="size-4" aria-hidden="true" /> Continue with Email
              </Button>
              {/* Disabled (aria-disabled, not disabled) so a click can still say it is coming (spec section 8). */}
              <Button
                variant="outline"
                aria-disabled="true"
                className="w-full cursor-not-allowed opacity-60"
                onClick={() => toast.info("Apple authentication is coming soon! For now, please use Google sign-in.")}
              >
                Continue with Apple (Coming Soon)
              </Button>
              <p className="pt-1 text-center text-sm">
                <AuthModeSwitch mode={mode} onModeChange={setMode} />
              </p>
            </>
          )}
        </CardContent>
      </Card>
      {!showEmail && <EmailRegistrationPreview />}
      <p className="text-center text-sm text-muted-foreground">
        Accounts are automatically approved upon successful authentication.
      </p>
    </div>
  );
}
