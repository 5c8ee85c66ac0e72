import type { User } from "@gallery/schema/types";
import { Card } from "@gallery/ui";
import { Link } from "@tanstack/react-router";
import { ExternalLink } from "lucide-react";
import { EmailVisibilityCard } from "../members/email-visibility-card";
import { AboutCard } from "./about-card";
import { AvatarUploader } from "./avatar-uploader";
import { NicknameEditor } from "./nickname-editor";
import { SafetySettingsCard } from "./safety-settings-card";
import { SocialLinksCard } from "./social-links-card";

/**
 * The dashboard's profile editors (spec section 2 'Profile editing widgets'): nickname, avatar,
 * About Me and social media links, each with a view and an edit mode. Saves change the signed-in
 * user only, then refresh GET /api/auth/user and /api/users/{id}.
 */
export function ProfileWidgets({ user }: { user: User }) {
  return (
    <section aria-label="Your profile" className="space-y-4">
      <Card className="flex flex-col items-center gap-6 p-5 sm:flex-row sm:items-center">
        <AvatarUploader user={user} />
        <div className="flex w-full min-w-0 flex-1 flex-col gap-2">
          <NicknameEditor user={user} />
          {user.email && <p className="truncate text-sm text-muted-foreground">{user.email}</p>}
          <Link
            to="/profile/$userId"
            params={{ userId: user.id }}
            className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary hover:underline"
          >
            View public profile <ExternalLink className="size-3.5" aria-hidden />
          </Link>
        </div>
      </Card>
      <div className="grid gap-4 lg:grid-cols-2">
        <AboutCard user={user} />
        <SocialLinksCard user={user} />
      </div>
      <SafetySettingsCard />
      <EmailVisibilityCard user={user} />
    </section>
  );
}
